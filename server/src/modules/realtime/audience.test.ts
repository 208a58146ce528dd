import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { delegation } from '../../db/schema/index.js';
import { login, signInDelegation, useTestApp } from '../../test/app.js';
import { type TestSocket, useSockets } from '../account/testkit.js';
import { demoDelegations } from '../apply/testkit.js';
import { announce } from '../competition/publish.js';
import { addMeetingCommittee, demoMeetingId, meetingBeside } from '../meetings/testkit.js';

/**
 * A staff-only competition frame of a meeting (a draft start list, a provisional result) reaches
 * the sockets of staff who may see that meeting's competition only; a socket from a page of
 * another site (a foreign Origin) is refused.
 */
const t = useTestApp({ publicUrl: 'https://meet.example.org' });
const sockets = useSockets(t);
const { open } = sockets;
let meetingId = 0;

beforeAll(async () => {
  meetingId = await demoMeetingId(t);
  const m2 = await meetingBeside(t, {
    code: 'realtime-other',
    regOpensAt: new Date(),
    regClosesAt: new Date(Date.now() + 86_400_000),
  });
  await addMeetingCommittee(t, m2, 'rt-committee');
  await t.database.db.insert(delegation).values({ meetingId: m2, name: 'Far team', contactMobile: '13900002222' });
});

describe('competition frames by meeting', () => {
  it('reach staff of the meeting only; delegations, other committees and the public get public frames', async () => {
    const [d1] = await demoDelegations(t);
    const all = await demoDelegations(t);
    const far = all.find((d) => d.name === 'Far team')!;
    const socketOf = {
      admin: open((await login(t, 'admin')).accessToken),
      committee: open((await login(t, 'committee')).accessToken),
      county: open((await login(t, 'county')).accessToken),
      delegation: open(await signInDelegation(t, d1!.id)),
      otherDelegation: open(await signInDelegation(t, far.id)),
      otherCommittee: open((await login(t, 'rt-committee')).accessToken),
      anonymous: open(),
    };
    await Promise.all(Object.values(socketOf).map((s) => s.next('welcome')));
    const frame = { meetingId, groupItemId: 1, roundId: 1, heatId: null, change: 'startlist' as const };
    await announce(t.app.realtime, { ...frame, roundId: 101 }, false);
    await announce(t.app.realtime, { ...frame, roundId: 102 }, true);
    // Frames on one socket arrive in order: once the public one is in, the draft one was sent or never will be.
    const rounds = async (s: TestSocket) => {
      for (;;) {
        const got = s.frames
          .filter((f) => f.topic === 'competition')
          .map((f) => (f.data as { roundId: number }).roundId);
        if (got.includes(102)) return got;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const seen: Record<string, number[]> = {};
    for (const [who, s] of Object.entries(socketOf)) seen[who] = await rounds(s);
    expect(seen).toEqual({
      admin: [101, 102],
      committee: [101, 102],
      county: [101, 102],
      delegation: [102],
      otherDelegation: [102],
      otherCommittee: [102],
      anonymous: [102],
    });
  }, 20_000);
});

describe('socket origin', () => {
  const attempt = (origin: string | undefined) =>
    new Promise<'open' | number>((resolve) => {
      const ws = new WebSocket(`${sockets.baseUrl.replace(/^http/, 'ws')}/api/ws`, origin ? { origin } : {});
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      ws.on('error', () => {});
    });

  it('refuses a page of another site, accepts its own and the configured public address', async () => {
    expect(await attempt('https://evil.example')).toBe(403);
    expect(await attempt('null')).toBe(403);
    expect(await attempt(`http://127.0.0.1:1`)).toBe(403);
    expect(await attempt(sockets.baseUrl)).toBe('open');
    expect(await attempt('https://meet.example.org')).toBe('open');
    // Not a browser (no Origin): nothing to check, the token decides.
    expect(await attempt(undefined)).toBe('open');
  });
});
