import type { PublicMeetingCard } from '@baton/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sm2 } from 'sm-crypto-v2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { forgetPublicReads } from '../../api/public-reads';
import { envelope, type FakeServer, serveFake } from '../../test/fake-fetch';
import { demoMeetingCard } from '../../test/meeting-fixtures';
import '../../app/i18n';
import { useUserStore } from '../../stores/user';
import LoginPage from './index';

/* ---- a tiny fake server behind fetch (the HTTP layer only) ---- */

const keys = sm2.generateKeyPairHex();
const MEETINGS: PublicMeetingCard[] = [
  demoMeetingCard({ allowSelfRegistration: true }),
  {
    id: 2,
    code: 'autumn',
    name: '秋季田径赛',
    nameEn: 'Autumn Athletics Meet',
    venue: 'City Stadium',
    startDate: '2025-11-08',
    endDate: '2025-11-08',
    regClosesAt: '2025-10-01T10:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    status: 'in_competition',
    registrationOpen: false,
    allowSelfRegistration: false,
  },
  ...['spring', 'summer'].map((code, i) => ({
    id: 3 + i,
    code,
    name: `${code} 田径赛`,
    nameEn: `${code} games`,
    venue: 'Harbour Park',
    startDate: '2026-04-01',
    endDate: '2026-04-02',
    regClosesAt: '2026-03-01T10:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    status: 'registration_closed' as const,
    registrationOpen: false,
    allowSelfRegistration: true,
  })),
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let captchaOn = true;
let captchaSeq = 0;
let resendAfterS = 60;

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  const body =
    config.data instanceof FormData
      ? Object.fromEntries(config.data.entries())
      : typeof config.data === 'string'
        ? JSON.parse(config.data)
        : config.data;
  calls.push({ method, url, body });
  switch (`${method} ${url}`) {
    case 'GET /api/v1/config/public':
      return envelope({ siteTitle: 'Baton', watermarkContent: 'Baton', captchaEnabled: captchaOn });
    case 'GET /api/v1/auth/captcha':
      captchaSeq += 1;
      return envelope({
        captchaKey: `key-${captchaSeq}`,
        captchaBase64: `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
      });
    case 'GET /api/v1/auth/public-key':
      return envelope({ publicKey: keys.publicKey });
    case 'GET /api/v2/dlg/meetings':
      return envelope(MEETINGS);
    case 'POST /api/v2/dlg/sms-code':
      return envelope({ resendAfterS, expiresInS: 300 });
    case 'POST /api/v1/auth/login': {
      const { username, password } = body as { username: string; password: string };
      const plain = (v: string) => String(sm2.doDecrypt(v, keys.privateKey, 1));
      return plain(username) === 'admin' && plain(password) === 'right-pass'
        ? envelope({ tokenType: 'Bearer', accessToken: 'at-admin', refreshToken: 'rt-admin', expiresIn: 3600 })
        : envelope(null, 'A0210', 'Wrong username or password');
    }
    case 'POST /api/v2/dlg/login':
      return (body as { smcode: string }).smcode === '123456'
        ? envelope({ tokenType: 'Bearer', accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 3600 })
        : envelope(null, 'A0240', 'The SMS code is wrong or has expired');
    default:
      return envelope(null, 'A0404', `not faked: ${method} ${url}`);
  }
};

const callsTo = (url: string) => calls.filter((c) => c.url === url);

function Landed() {
  const { pathname } = useLocation();
  return <p data-testid="landed">{pathname}</p>;
}

async function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  // The page renders without antd or a query cache above it, as the app's router shows it.
  const screen = await render(<RouterProvider router={router} />);
  return { screen, router };
}

serveFake(fakeServer);
beforeEach(() => {
  forgetPublicReads();
  calls = [];
  captchaOn = true;
  captchaSeq = 0;
  resendAfterS = 60;
});
afterEach(() => {
  useUserStore.getState().clear();
});

describe('delegation sign-in form', () => {
  it('checks the mobile and the picture code before asking for a code', async () => {
    const { screen } = await open('/login?type=dlg&tmid=1');
    await expect.element(screen.getByText('2025 Wenrui Youth Athletics Games')).toBeVisible();
    const send = screen.getByTestId('dlg-send-code');

    await send.click();
    await expect.element(screen.getByText('Enter the mobile number')).toBeVisible();

    await screen.getByTestId('dlg-mobile').fill('1380000000');
    await send.click();
    await expect.element(screen.getByText('Enter an 11-digit mobile number')).toBeVisible();

    await screen.getByTestId('dlg-mobile').fill('12800000003');
    await send.click();
    await expect.element(screen.getByText('Enter an 11-digit mobile number')).toBeVisible();

    await screen.getByTestId('dlg-mobile').fill('13800000003');
    await send.click();
    await expect.element(screen.getByText('Enter the picture code first')).toBeVisible();
    expect(callsTo('/api/v2/dlg/sms-code')).toHaveLength(0);

    // Signing in needs the code (and the picture code) too; nothing is sent without them.
    await screen.getByTestId('dlg-submit').click();
    await expect.element(screen.getByText('Enter the SMS code')).toBeVisible();
    expect(callsTo('/api/v2/dlg/login')).toHaveLength(0);
  });

  it('sends the encrypted mobile, renews the picture code and counts down before another code', async () => {
    resendAfterS = 2;
    const { screen } = await open('/login?type=dlg&tmid=1');
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(1);
    await screen.getByTestId('dlg-mobile').fill('13800000003');
    await screen.getByTestId('dlg-captcha').fill('ab12');
    const send = screen.getByTestId('dlg-send-code');
    await send.click();

    await expect.element(send).toBeDisabled();
    await expect.element(send).toHaveTextContent(/Resend in [12] s/);
    const [sent] = callsTo('/api/v2/dlg/sms-code') as [Call];
    const body = sent.body as { mobile: string; tmid: number; captchaKey: string; captchaCode: string };
    expect(body.mobile).not.toContain('13800000003');
    expect(sm2.doDecrypt(body.mobile, keys.privateKey, 1)).toBe('13800000003');
    expect(body).toMatchObject({ tmid: 1, captchaKey: 'key-1', captchaCode: 'ab12' });
    await expect.element(screen.getByText(/a code is on its way/)).toBeVisible();
    // The picture code was used: a new one, and the field is empty again.
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(2);
    await expect.element(screen.getByTestId('dlg-captcha')).toHaveValue('');

    // The countdown runs out and the button is back.
    await expect.element(send, { timeout: 5000 }).toBeEnabled();
    await expect.element(send).toHaveTextContent('Send code');
  });

  it('signs in with the code and lands on the apply pages', async () => {
    const { screen } = await open('/login?type=dlg&tmid=1');
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(1);
    await screen.getByTestId('dlg-mobile').fill('13800000003');
    await screen.getByTestId('dlg-code').fill('654321');
    await screen.getByTestId('dlg-captcha').fill('zz');
    await screen.getByTestId('dlg-submit').click();
    // A wrong code: the server's message, no tokens, a fresh picture code.
    await expect.element(screen.getByText('The SMS code is wrong or has expired')).toBeVisible();
    expect(useUserStore.getState().accessToken).toBe('');
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(2);

    await screen.getByTestId('dlg-code').fill('123456');
    await screen.getByTestId('dlg-captcha').fill('yy');
    await screen.getByTestId('dlg-submit').click();
    await expect.element(screen.getByTestId('landed')).toHaveTextContent('/apply/athlete');
    const login = callsTo('/api/v2/dlg/login').at(-1)!.body as Record<string, string>;
    expect(sm2.doDecrypt(login.mobile!, keys.privateKey, 1)).toBe('13800000003');
    expect(login).toMatchObject({ smcode: '123456', tmid: '1', captchaKey: 'key-2', captchaCode: 'yy' });
    expect(useUserStore.getState().accessToken).toBe('Bearer at-1');
  });

  it('follows ?redirect= and does without the picture code when the captcha is off', async () => {
    captchaOn = false;
    const { screen } = await open('/login?type=dlg&code=wrj2025&redirect=%2Fapply%2Fitem');
    await expect.element(screen.getByTestId('dlg-mobile')).toBeVisible();
    await expect.poll(() => callsTo('/api/v1/config/public').length).toBe(1);
    await expect.element(screen.getByTestId('dlg-captcha')).not.toBeInTheDocument();
    await screen.getByTestId('dlg-mobile').fill('13800000003');
    await screen.getByTestId('dlg-send-code').click();
    await expect.element(screen.getByTestId('dlg-send-code')).toHaveTextContent(/Resend in \d+ s/);
    expect(callsTo('/api/v2/dlg/sms-code')[0]!.body).toMatchObject({ tmid: 1, captchaKey: '', captchaCode: '' });
    await screen.getByTestId('dlg-code').fill('123456');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByTestId('landed')).toHaveTextContent('/apply/item');
  });
});

describe('meeting chooser', () => {
  it('lists the meetings, filters them and leads to the form of the one chosen', async () => {
    const { screen, router } = await open('/login?type=dlg');
    await expect.element(screen.getByTestId('dlg-meeting-wrj2025')).toBeVisible();
    await expect.element(screen.getByTestId('dlg-meeting-autumn')).toBeVisible();
    // Only a meeting that allows it, while entries are open, offers self-registration.
    await expect.element(screen.getByTestId('dlg-self-register-wrj2025')).toBeVisible();
    await expect.element(screen.getByTestId('dlg-self-register-autumn')).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('dlg-self-register-spring')).not.toBeInTheDocument();

    await screen.getByTestId('dlg-search').fill('HARBOUR');
    await expect.element(screen.getByTestId('dlg-meeting-spring')).toBeVisible();
    await expect.element(screen.getByTestId('dlg-meeting-wrj2025')).not.toBeInTheDocument();
    await screen.getByTestId('dlg-search').fill('nothing like it');
    await expect.element(screen.getByText('No meeting matches “nothing like it”.')).toBeVisible();
    await screen.getByTestId('dlg-search').fill('autumn');

    await screen.getByRole('button', { name: /Autumn Athletics Meet/ }).click();
    await expect.element(screen.getByTestId('dlg-form')).toBeVisible();
    expect(router.state.location.search).toContain('tmid=2');
    await screen.getByTestId('dlg-change-meeting').click();
    await expect.element(screen.getByTestId('dlg-choose')).toBeVisible();
  });

  it('opens the self-registration form (antd, loaded with the first click) from a meeting card', async () => {
    const { screen } = await open('/login?type=dlg');
    await screen.getByTestId('dlg-self-register-wrj2025').click();
    await expect.element(screen.getByTestId('dlg-register-form'), { timeout: 10_000 }).toBeVisible();
    await expect.element(screen.getByRole('dialog')).toHaveTextContent('2025 Wenrui Youth Athletics Games');
  });

  it('goes back to the list, with a word, when the preselected meeting is not open for sign-in', async () => {
    const { screen, router } = await open('/login?type=dlg&tmid=99');
    await expect.element(screen.getByTestId('dlg-notice')).toBeVisible();
    await expect.element(screen.getByTestId('dlg-meeting-wrj2025')).toBeVisible();
    expect(router.state.location.search).not.toContain('tmid');
  });

  it('switches between the administrator and the delegation forms', async () => {
    const { screen, router } = await open('/login');
    await expect.element(screen.getByTestId('login-username')).toBeVisible();
    await screen.getByTestId('login-tab-dlg').click();
    await expect.element(screen.getByTestId('dlg-choose')).toBeVisible();
    expect(router.state.location.search).toContain('type=dlg');
    await screen.getByTestId('login-tab-admin').click();
    await expect.element(screen.getByTestId('login-username')).toBeVisible();
  });
});

describe('administrator sign-in form', () => {
  it('says what is missing, and sends nothing until the form is whole', async () => {
    const { screen } = await open('/login');
    await screen.getByTestId('login-submit').click();
    await expect.element(screen.getByText('Please enter Username')).toBeVisible();
    await expect.element(screen.getByText('Please enter Password')).toBeVisible();
    await expect.element(screen.getByText('Please enter Verify Code')).toBeVisible();
    await screen.getByTestId('login-username').fill('admin');
    await expect.element(screen.getByText('Please enter Username')).not.toBeInTheDocument();
    await screen.getByTestId('login-password').fill('12345');
    await expect.element(screen.getByText('The password can not be less than 6 digits')).toBeVisible();
    expect(callsTo('/api/v1/auth/login')).toHaveLength(0);
  });

  it('shows the password on request', async () => {
    const { screen } = await open('/login');
    const password = screen.getByTestId('login-password');
    await password.fill('secret-1');
    await expect.element(password).toHaveAttribute('type', 'password');
    await screen.getByRole('button', { name: 'Show password' }).click();
    await expect.element(password).toHaveAttribute('type', 'text');
    await screen.getByRole('button', { name: 'Hide password' }).click();
    await expect.element(password).toHaveAttribute('type', 'password');
  });

  it('renews the picture code after a refusal, then signs in with encrypted credentials', async () => {
    const { screen } = await open('/login');
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(1);
    await screen.getByTestId('login-username').fill(' admin ');
    await screen.getByTestId('login-password').fill('wrong-pass');
    await screen.getByTestId('login-captcha').fill('ab12');
    await screen.getByTestId('login-submit').click();
    await expect.element(screen.getByText('Wrong username or password')).toBeVisible();
    expect(useUserStore.getState().accessToken).toBe('');
    // A picture code is good for one try: a new picture, the field empty and not marked wrong.
    await expect.poll(() => callsTo('/api/v1/auth/captcha').length).toBe(2);
    await expect.element(screen.getByTestId('login-captcha')).toHaveValue('');
    await expect.element(screen.getByText('Please enter Verify Code')).not.toBeInTheDocument();

    await screen.getByTestId('login-password').fill('right-pass');
    await screen.getByTestId('login-captcha').fill('cd34');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByTestId('landed')).toHaveTextContent('/dashboard');
    const sent = callsTo('/api/v1/auth/login').at(-1)!.body as Record<string, string>;
    expect(sent.username).not.toContain('admin');
    expect(sm2.doDecrypt(sent.username!, keys.privateKey, 1)).toBe('admin');
    expect(sm2.doDecrypt(sent.password!, keys.privateKey, 1)).toBe('right-pass');
    expect(sent).toMatchObject({ captchaKey: 'key-2', captchaCode: 'cd34' });
    expect(useUserStore.getState().accessToken).toBe('Bearer at-admin');
  });
});
