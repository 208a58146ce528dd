import type { BibAssignBody, BibPageVO, UserInfo } from '@baton/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import i18n from '../../../app/i18n';
import { useUserStore } from '../../../stores/user';
import { envelope, type FakeServer, serveFake } from '../../../test/fake-fetch';
import { MissingBibs } from './MissingBibs';

/**
 * Bibs before publishing (issue 24): the start list's warning tells how many athletes have no
 * bib and offers to number them by the meeting's scheme — the one the bibs page saved (here
 * group ranges), keeping the bibs already given — through the bibs module's endpoint.
 */

const SAVED: BibPageVO['settings'] = {
  scheme: { kind: 'group-ranges', order: 'name', ranges: [{ groupId: 3, from: 1001, to: 1999 }] },
  keepExisting: false,
  includeSubmitted: true,
};
let settings: BibPageVO['settings'] = SAVED;
let posts: BibAssignBody[] = [];

const fakeServer: FakeServer = (config) => {
  const url = config.url ?? '';
  const method = (config.method ?? 'get').toUpperCase();
  if (url === '/api/v1/competition/meetings/7/bibs' && method === 'GET') {
    return envelope({ list: [], total: 40, settings, approved: 40, submitted: 2, withBib: 35 });
  }
  if (url === '/api/v1/competition/meetings/7/bibs' && method === 'POST') {
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as BibAssignBody;
    posts.push(body);
    return envelope({
      dryRun: false,
      eligible: 42,
      assigned: 7,
      kept: 35,
      cleared: 0,
      changed: 7,
      blocks: [],
    });
  }
  return Promise.reject(new Error(`unexpected ${method} ${url}`));
};
serveFake(fakeServer);

beforeEach(() => {
  posts = [];
  settings = SAVED;
});

const testId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function mount(count: number, opts: { lang?: string; perms?: string[]; manage?: boolean } = {}) {
  await i18n.changeLanguage(opts.lang ?? 'en');
  useUserStore.getState().setUserInfo({ roles: [], perms: opts.perms ?? ['comp:bib:assign'] } as unknown as UserInfo);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MissingBibs meetingId={7} count={count} manage={opts.manage ?? true} />
      </App>
    </QueryClientProvider>,
  );
}

async function assign() {
  await userEvent.click(testId('sl-assign-bibs')!);
  const ok = () => document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
  await expect.poll(ok).toBeTruthy();
  await userEvent.click(ok()!);
}

describe('missing bibs on the start list', () => {
  it("warns with the count and assigns by the meeting's saved scheme, keeping the bibs given", async () => {
    await mount(5);
    await expect.poll(() => testId('sl-missing-bibs')?.textContent ?? '').toContain('No bib yet for 5 athlete(s)');
    await assign();
    await expect.poll(() => posts.length).toBe(1);
    expect(posts[0]).toEqual({ scheme: SAVED!.scheme, keepExisting: true, includeSubmitted: true });
    await expect.poll(() => document.body.textContent ?? '').toContain('7 bib(s) assigned');
  });

  it('uses the default scheme before the first numbering, in Chinese', async () => {
    settings = null;
    await mount(2, { lang: 'zh-cn' });
    await expect.poll(() => testId('sl-missing-bibs')?.textContent ?? '').toContain('2 名运动员尚未分配号码');
    expect(testId('sl-assign-bibs')!.textContent).toContain('分配号码');
    await assign();
    await expect.poll(() => posts.length).toBe(1);
    expect(posts[0]).toEqual({
      scheme: { kind: 'delegation', start: 101, step: 100, order: 'id' },
      keepExisting: true,
    });
  });

  it('shows no button to those who may not number athletes, and nothing when every athlete has a bib', async () => {
    const q = (r: Awaited<ReturnType<typeof mount>>, id: string) => r.container.querySelector(`[data-testid="${id}"]`);
    const noPerm = await mount(3, { perms: [] });
    await expect.poll(() => q(noPerm, 'sl-missing-bibs')?.textContent ?? '').toContain('Ask the organising committee');
    expect(q(noPerm, 'sl-assign-bibs')).toBeNull();
    const referee = await mount(3, { manage: false });
    await expect.poll(() => q(referee, 'sl-missing-bibs')).toBeTruthy();
    expect(q(referee, 'sl-assign-bibs')).toBeNull();
    const none = await mount(0);
    expect(none.container.textContent).toBe('');
  });
});
