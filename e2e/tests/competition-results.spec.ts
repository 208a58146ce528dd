import { type Browser, expect, type Page } from '@playwright/test';
import { api } from './comm-helpers';
import { demoMeeting } from './competition-helpers';
import { test } from './fixtures';
import { signIn } from './helpers';

/**
 * Results entry (issue 6): the referee enters a track heat and a few field trials on the
 * results page; the committee makes both official. Start lists are made and published through
 * the API first (another page's work), and reset to `set` when an earlier run left them official.
 */

interface Start {
  id: number;
  version: number;
  code: string | null;
  trials: unknown[];
  place: number | null;
}
interface Heat {
  id: number;
  version: number;
  number: number;
  status: 'draft' | 'set' | 'official';
  starts: Start[];
}
interface Round {
  id: number;
  version: number;
  heats: Heat[];
}
interface Event {
  groupItemId: number;
  itemCode: string;
  groupNameEn: string;
  entries: number;
  rounds: { id: number; index: number; status: string }[];
}

async function page(browser: Browser, username: string): Promise<Page> {
  const p = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await signIn(p, username);
  await expect(p.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  return p;
}

/** The first round of an event, with a published start list whose first heat takes results. */
async function readyRound(committee: Page, meetingId: number, event: Event): Promise<Round> {
  let round: Round;
  const first = event.rounds.find((r) => r.index === 0);
  if (!first || first.status === 'draft') {
    const made = await api<Round>(committee, 'POST', `/api/v1/competition/events/${event.groupItemId}/start-list`, {
      roundIndex: 0,
    });
    round = await api<Round>(committee, 'POST', `/api/v1/competition/rounds/${made.id}/publish`, {});
  } else {
    round = await api<Round>(committee, 'GET', `/api/v1/competition/rounds/${first.id}`);
  }
  for (const h of round.heats.filter((x) => x.status === 'official')) {
    round = await api<Round>(committee, 'POST', `/api/v1/competition/heats/${h.id}/reopen`, {
      version: h.version,
      reason: 'e2e rerun',
    });
  }
  // A clean first heat: no results, no trials (an earlier run may have left some).
  const h = round.heats[0]!;
  expect(h.status, `meeting ${meetingId}`).toBe('set');
  for (const s of h.starts) {
    for (const tr of [...(s.trials as { seq: number }[])].reverse()) {
      round = await api<Round>(committee, 'DELETE', `/api/v1/competition/starts/${s.id}/trials/${tr.seq}`);
    }
  }
  const fresh = round.heats[0]!;
  return api<Round>(committee, 'PUT', `/api/v1/competition/heats/${fresh.id}/results`, {
    version: fresh.version,
    rows: fresh.starts.map((s) => ({ startId: s.id, version: s.version, mark: null, code: null, reactionTime: null })),
  });
}

test('a referee enters a track heat and field trials, the committee makes them official', async ({ browser }) => {
  test.setTimeout(90_000);
  const committee = await page(browser, 'committee');
  const meeting = await demoMeeting(committee);
  const events = await api<Event[]>(committee, 'GET', `/api/v1/competition/meetings/${meeting.id}/events`);
  const pick = (code: string) =>
    events.filter((e) => e.itemCode === code && e.entries > 0).sort((a, b) => b.entries - a.entries)[0]!;
  // U16 Girls 100 m: the boys' 100 m belongs to the start-list spec, which may run at the same time.
  const sprint = events.find((e) => e.groupNameEn === 'U16 Girls' && e.itemCode === '100')!;
  const jump = pick('LJ');
  const track = await readyRound(committee, meeting.id, sprint);
  const field = await readyRound(committee, meeting.id, jump);

  // ── The referee, on a tablet ──────────────────────────────────────────────────────────
  const referee = await page(browser, 'referee');
  const heat = track.heats[0]!;
  await referee.goto(
    `/#/competition/results?meetingId=${meeting.id}&groupItemId=${sprint.groupItemId}&roundId=${track.id}`,
  );
  await expect(referee.getByTestId('track-grid')).toBeVisible();
  const [dns, ...runners] = heat.starts;
  // Times typed as read, Enter to the next row.
  for (const [i, s] of runners.entries()) {
    if (i === 0) await referee.getByTestId(`mark-${s.id}`).fill('12.103');
    else {
      await expect(referee.getByTestId(`mark-${s.id}`)).toBeFocused();
      await referee.keyboard.type(`1${2 + i}.103`);
    }
    await referee.keyboard.press('Enter');
  }
  // A code typed in the mark cell (issue 25): `dns` sets the code column.
  await referee.getByTestId(`mark-${dns!.id}`).fill('dns');
  await expect(referee.getByTestId(`code-${dns!.id}`)).toContainText('DNS');
  if (await referee.getByTestId('heat-wind').isVisible()) await referee.getByTestId('heat-wind').fill('1.23');
  await referee.getByTestId('save-heat').click();
  await expect(referee.getByTestId(`place-${runners[0]!.id}`)).toHaveText('1');
  if (runners[1]) await expect(referee.getByTestId(`place-${runners[1].id}`)).toHaveText('2');
  await expect(referee.getByTestId(`mark-${runners[0]!.id}`)).toHaveValue('12.11');
  await expect(referee.getByTestId('make-official')).toHaveCount(0);

  // Long jump: a valid trial and a foul.
  const flight = field.heats[0]!;
  const [a, b] = flight.starts;
  await referee.goto(
    `/#/competition/results?meetingId=${meeting.id}&groupItemId=${jump.groupItemId}&roundId=${field.id}`,
  );
  await expect(referee.getByTestId('horizontal-grid')).toBeVisible();
  await referee.getByTestId(`trial-${a!.id}-1`).click();
  await referee.getByTestId('trial-mark').fill('5.127');
  const wind = referee.getByTestId('trial-wind');
  if (await wind.isVisible()) await wind.fill('-0.25');
  await referee.getByTestId('trial-valid').click();
  await expect(referee.getByTestId(`trial-${a!.id}-1`)).toContainText('5.12');
  if (b) {
    // A foul typed: `x` and Enter.
    await referee.getByTestId(`trial-${b.id}-1`).click();
    await referee.getByTestId('trial-mark').fill('x');
    await referee.getByTestId('trial-mark').press('Enter');
    await expect(referee.getByTestId(`trial-${b.id}-1`)).toContainText('X');
  }
  await expect(referee.getByTestId(`place-${a!.id}`)).toHaveText('1');

  // ── The committee makes both official ─────────────────────────────────────────────────
  await committee.goto(
    `/#/competition/results?meetingId=${meeting.id}&groupItemId=${sprint.groupItemId}&roundId=${track.id}`,
  );
  await committee.getByTestId('make-official').click();
  await committee.getByTestId('official-confirm').click();
  await expect(committee.getByTestId(`heat-tab-${heat.number}`)).toContainText(/Official|成绩生效/);
  await expect(committee.getByTestId('reopen')).toBeVisible();

  // The athletes of the flight who had no trial did not start (set through the API).
  const now = await api<Round>(committee, 'GET', `/api/v1/competition/rounds/${field.id}`);
  const rest = now.heats[0]!.starts.filter((s) => !s.trials.length);
  if (rest.length) {
    await api(committee, 'PUT', `/api/v1/competition/heats/${flight.id}/results`, {
      version: now.heats[0]!.version,
      rows: rest.map((s) => ({ startId: s.id, version: s.version, code: 'DNS' })),
    });
  }
  await committee.goto(
    `/#/competition/results?meetingId=${meeting.id}&groupItemId=${jump.groupItemId}&roundId=${field.id}`,
  );
  await committee.getByTestId('make-official').click();
  await committee.getByTestId('official-confirm').click();
  await expect(committee.getByTestId(`heat-tab-${flight.number}`)).toContainText(/Official|成绩生效/);
  // The referee's screen hears it live: the grid turns read-only.
  await expect(referee.getByTestId(`heat-tab-${flight.number}`)).toContainText(/Official|成绩生效/);
  await expect(referee.getByTestId(`trial-${a!.id}-1`)).toBeDisabled();
});
