import type { PublicHomeVO, PublicRegistrationVO } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sm2 } from 'sm-crypto-v2';
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { forgetPublicReads } from '../../../api/public-reads';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import { demoMeetingCard } from '../../../test/meeting-fixtures';
import '../../../app/i18n';
import QueryPage from './index';

/* ---- a fake server behind fetch (the HTTP layer only) ---- */

const HOME: PublicHomeVO = {
  open: [demoMeetingCard()],
  competing: [],
  finished: [],
  notices: [],
};

const FOUND: PublicRegistrationVO = {
  meetingId: 1,
  meetingName: '2025 温瑞青少年田径运动会',
  meetingNameEn: '2025 Wenrui Youth Athletics Games',
  delegationName: '瑞安中学代表队',
  name: '林浩然',
  gender: 'M',
  idNumberMasked: '330***********0219',
  contactMobileMasked: '138****0001',
  groupName: 'U16男子组',
  groupNameEn: 'U16 Boys',
  status: 'approved',
  bib: '1002',
  items: [
    { itemName: '100米', itemNameEn: '100 m', seedMark: '11.34' },
    { itemName: '4×100米接力', itemNameEn: '4 × 100 m relay', seedMark: null },
  ],
};

const keys = sm2.generateKeyPairHex();
let calls: { method: string; url: string; body: unknown }[] = [];
let found: PublicRegistrationVO[] = [];
let captchaSeq = 0;
/** The public settings: their captcha switch, and a gate that holds their answer back. */
let captchaEnabled = true;
let configGate: Promise<void> = Promise.resolve();

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  calls.push({ method, url, body });
  switch (`${method} ${url}`) {
    case 'GET /api/v1/public/home':
      return envelope(HOME);
    case 'POST /api/v1/public/query':
      return envelope(found);
    case 'GET /api/v1/config/public':
      return configGate.then(() => envelope({ siteTitle: 'Baton', watermarkContent: 'Baton', captchaEnabled }));
    case 'GET /api/v1/auth/captcha':
      captchaSeq += 1;
      return envelope({
        captchaKey: `key-${captchaSeq}`,
        captchaBase64: `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
      });
    case 'GET /api/v1/auth/public-key':
      return envelope({ publicKey: keys.publicKey });
    case 'POST /api/v2/dlg/sms-code':
      return envelope({ resendAfterS: 60, expiresInS: 300 });
    case 'POST /api/v1/public/query/by-mobile':
      return (body as { smcode: string }).smcode === '123456'
        ? envelope(found)
        : envelope(null, 'A0240', 'The SMS code is wrong or has expired');
    default:
      return envelope(null, 'A0404', `not faked: ${method} ${url}`);
  }
};

const queries = () => calls.filter((c) => c.url === '/api/v1/public/query');
const callsTo = (url: string) => calls.filter((c) => c.url === url);

async function open(path = '/home/query') {
  const router = createMemoryRouter([{ path: '/home/query', element: <QueryPage /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

serveFake(fakeServer);
beforeEach(() => {
  calls = [];
  found = [];
  captchaSeq = 0;
  captchaEnabled = true;
  configGate = Promise.resolve();
  forgetPublicReads();
});

describe('registration query by name and ID number', () => {
  it('asks for the name and a valid ID number before asking the server', async () => {
    const screen = await open();
    await screen.getByTestId('query-submit').click();
    await expect.element(screen.getByText('Enter the name')).toBeVisible();
    await expect.element(screen.getByText('Enter the ID number')).toBeVisible();

    await screen.getByTestId('query-name').fill('林浩然');
    // 18 digits with a wrong check character (GB 11643): refused here.
    await screen.getByTestId('query-id-number').fill('330381201202110218');
    await screen.getByTestId('query-submit').click();
    await expect.element(screen.getByText(/This resident ID number is not valid/)).toBeVisible();

    await screen.getByTestId('query-id-number').fill('33 03/81');
    await screen.getByTestId('query-submit').click();
    await expect.element(screen.getByText(/Letters, digits, brackets and - only/)).toBeVisible();
    expect(queries()).toHaveLength(0);

    // Another document's number passes on its shape alone.
    await screen.getByTestId('query-id-number').fill('E12345678');
    await screen.getByTestId('query-submit').click();
    await expect.poll(() => queries().length).toBe(1);
    expect(queries()[0]?.body).toEqual({ name: '林浩然', idNumber: 'E12345678' });
  });

  it('sends the trimmed name, the upper-cased ID number and the chosen meeting, and shows the masked answer', async () => {
    found = [FOUND];
    const screen = await open('/home/query?meetingId=1');
    await expect.element(screen.getByTestId('query-meeting')).toHaveDisplayValue('2025 Wenrui Youth Athletics Games');
    await screen.getByTestId('query-name').fill('  林浩然 ');
    await screen.getByTestId('query-id-number').fill('33038120120514051x');
    await screen.getByTestId('query-submit').click();

    await expect.element(screen.getByTestId('registration-card')).toBeVisible();
    expect(queries()[0]?.body).toEqual({ meetingId: 1, name: '林浩然', idNumber: '33038120120514051X' });
    const card = screen.getByTestId('registration-card');
    await expect.element(card.getByTestId('reg-name')).toHaveTextContent('林浩然Male');
    await expect.element(card.getByTestId('reg-meeting')).toHaveTextContent('2025 Wenrui Youth Athletics Games');
    await expect.element(card.getByTestId('reg-id')).toHaveTextContent('330***********0219');
    await expect.element(card.getByTestId('reg-phone')).toHaveTextContent('138****0001');
    await expect.element(card.getByTestId('reg-bib')).toHaveTextContent('1002');
    await expect.element(card.getByTestId('audit-status')).toHaveTextContent('Approved');
    await expect.element(card.getByText('U16 Boys')).toBeVisible();
    await expect.element(card.getByText('瑞安中学代表队')).toBeVisible();
    const items = card.getByTestId('reg-item');
    await expect.element(items.first()).toHaveTextContent('100 m· 11.34');
    await expect.element(items.nth(1)).toHaveTextContent('4 × 100 m relay');
  });

  it('never shows a full ID number or mobile, even if one came back unmasked', async () => {
    found = [{ ...FOUND, idNumberMasked: '330381201202110219', contactMobileMasked: '13800000001', bib: null }];
    const screen = await open();
    await screen.getByTestId('query-name').fill('林浩然');
    await screen.getByTestId('query-id-number').fill('330381201202110219');
    await screen.getByTestId('query-submit').click();
    const card = screen.getByTestId('registration-card');
    await expect.element(card.getByTestId('reg-id')).toHaveTextContent('330***********0219');
    await expect.element(card.getByTestId('reg-phone')).toHaveTextContent('138****0001');
    await expect.element(card.getByTestId('reg-bib')).toHaveTextContent('Not assigned');
    expect(card.element().textContent).not.toContain('330381201202110219');
    expect(card.element().textContent).not.toContain('13800000001');
  });

  it('says so when nothing matches', async () => {
    const screen = await open();
    await screen.getByTestId('query-name').fill('Nobody');
    await screen.getByTestId('query-id-number').fill('650102199007151232');
    await screen.getByTestId('query-submit').click();
    await expect.element(screen.getByTestId('query-not-found')).toHaveTextContent('No registration found');
    await expect.element(screen.getByTestId('registration-card')).not.toBeInTheDocument();
  });
});

describe('registration query by a delegation mobile and SMS code', () => {
  it('checks the mobile and the picture code before sending a code, then counts down', async () => {
    const screen = await open('/home/query?meetingId=1');
    await screen.getByTestId('query-by-mobile').click();
    await expect.element(screen.getByTestId('query-mobile-meeting')).toHaveValue('1');
    // Every field is labelled.
    await expect.element(screen.getByLabelText("Delegation contact's mobile")).toBeVisible();
    await expect.element(screen.getByLabelText('Picture code')).toBeVisible();
    await expect.element(screen.getByLabelText('SMS code')).toBeVisible();

    await screen.getByTestId('query-send-code').click();
    await expect.element(screen.getByText('Enter the mobile number')).toBeVisible();
    await screen.getByTestId('query-mobile').fill('12345');
    await expect.element(screen.getByText('Enter an 11-digit mobile number')).toBeVisible();
    await screen.getByTestId('query-mobile').fill('13800000003');
    await expect.element(screen.getByText('Enter an 11-digit mobile number')).not.toBeInTheDocument();
    await screen.getByTestId('query-send-code').click();
    await expect.element(screen.getByText('Enter the picture code first')).toBeVisible();
    expect(callsTo('/api/v2/dlg/sms-code')).toHaveLength(0);

    await screen.getByTestId('query-captcha').fill('ab12');
    await expect.element(screen.getByText('Enter the picture code first')).not.toBeInTheDocument();
    await screen.getByTestId('query-send-code').click();
    await expect.element(screen.getByTestId('query-send-code')).toBeDisabled();
    await expect.element(screen.getByTestId('query-send-code')).toHaveTextContent(/Resend in \d+ s/);
    const sent = callsTo('/api/v2/dlg/sms-code');
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { mobile: string; tmid: number; captchaKey: string; captchaCode: string };
    expect(body).toMatchObject({ tmid: 1, captchaKey: 'key-1', captchaCode: 'ab12' });
    expect(sm2.doDecrypt(body.mobile, keys.privateKey, 1)).toBe('13800000003');
    // A picture code is good for one try: a new picture, the answer cleared.
    await expect.poll(() => captchaSeq).toBe(2);
    await expect.element(screen.getByTestId('query-captcha')).toHaveValue('');
    await expect.element(screen.getByText(/a code is on its way/)).toBeVisible();
  });

  it('holds the send button until the public settings say whether a captcha is asked for (a slow answer)', async () => {
    // Under load the settings arrive late. A click must not be checked against a guess (captcha
    // on) that the answer then takes back: the field would vanish and nothing be sent.
    captchaEnabled = false;
    let release = () => {};
    configGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const screen = await open('/home/query?meetingId=1');
    await screen.getByTestId('query-by-mobile').click();
    await screen.getByTestId('query-mobile').fill('13800000003');
    await expect.element(screen.getByTestId('query-send-code')).toBeDisabled();
    await expect.element(screen.getByTestId('query-captcha')).not.toBeInTheDocument();
    expect(callsTo('/api/v2/dlg/sms-code')).toHaveLength(0);
    release();
    await expect.element(screen.getByTestId('query-send-code')).toBeEnabled();
    await screen.getByTestId('query-send-code').click();
    await expect.element(screen.getByTestId('query-send-code')).toHaveTextContent(/Resend in \d+ s/);
    expect(callsTo('/api/v2/dlg/sms-code')).toHaveLength(1);
    await expect.element(screen.getByTestId('query-captcha')).not.toBeInTheDocument();
  });

  it('asks for the code, sends the encrypted mobile and shows what the delegation registered', async () => {
    found = [FOUND];
    const screen = await open('/home/query?meetingId=1');
    await screen.getByTestId('query-by-mobile').click();
    await screen.getByTestId('query-mobile').fill('13800000003');
    await screen.getByTestId('query-mobile-submit').click();
    await expect.element(screen.getByText('Enter the SMS code')).toBeVisible();
    expect(callsTo('/api/v1/public/query/by-mobile')).toHaveLength(0);

    await screen.getByTestId('query-smcode').fill('123456');
    await screen.getByTestId('query-mobile-submit').click();
    await expect.element(screen.getByTestId('registration-card')).toBeVisible();
    const body = callsTo('/api/v1/public/query/by-mobile')[0]?.body as { tmid: number; mobile: string; smcode: string };
    expect(body).toMatchObject({ tmid: 1, smcode: '123456' });
    expect(sm2.doDecrypt(body.mobile, keys.privateKey, 1)).toBe('13800000003');
  });

  it("shows the server's refusal of a wrong code", async () => {
    const screen = await open('/home/query?meetingId=1');
    await screen.getByTestId('query-by-mobile').click();
    await screen.getByTestId('query-mobile').fill('13800000003');
    await screen.getByTestId('query-smcode').fill('000000');
    await screen.getByTestId('query-mobile-submit').click();
    await expect.element(screen.getByText('The SMS code is wrong or has expired')).toBeVisible();
    await expect.element(screen.getByTestId('registration-card')).not.toBeInTheDocument();
  });
});

describe('registration query form', () => {
  it('labels its fields', async () => {
    const screen = await open();
    await expect.element(screen.getByLabelText('Name')).toBeVisible();
    await expect.element(screen.getByLabelText('ID number')).toBeVisible();
    await expect.element(screen.getByLabelText('Meeting')).toBeVisible();
  });
});
