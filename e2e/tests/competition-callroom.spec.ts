import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, expect } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { api } from './comm-helpers';
import { competitionMeeting, REFEREE_PASSWORD } from './competition-helpers';
import { test } from './fixtures';
import { ADMIN_PASSWORD, phonePage, signIn, signInOnce } from './helpers';

/**
 * The call room (issue 24) in Chromium: the committee assigns a call-room official on the
 * meeting's page; the official, on a phone, checks a heat in by tapping and by holding a bib's
 * QR code to the camera (Chromium's fake camera plays a video of the QR code the bib label
 * prints), and marks one athlete absent; results entry and the public page, open all along,
 * show that athlete DNS without a reload.
 */

interface Start {
  id: number;
  athleteId: number;
  bib: string | null;
  name: string;
}
interface Round {
  id: number;
  heats: { id: number; starts: Start[] }[];
}

/**
 * A y4m video (YUV 4:2:0, what Chromium's fake camera plays in a loop) of `text` as a QR code,
 * black on white in the middle of a 640 × 480 frame, as a bib label prints it (error correction
 * M, four modules of quiet zone).
 */
function qrVideo(text: string, file: string) {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const n = code.getModuleCount();
  const W = 640;
  const H = 480;
  const scale = Math.floor(420 / (n + 8));
  const side = n * scale;
  const left = Math.floor((W - side) / 2);
  const top = Math.floor((H - side) / 2);
  // Luma: video range, 235 white, 16 black; chroma neutral.
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!code.isDark(r, c)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(16, (top + r * scale + dy) * W + left + c * scale, (top + r * scale + dy) * W + left + (c + 1) * scale);
    }
  }
  const uv = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, uv]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

async function signedIn(browser: Browser, username: string, password: string, viewport = { width: 1280, height: 800 }) {
  const p = await (await browser.newContext({ viewport })).newPage();
  await signIn(p, username, password);
  await expect(p.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  return p;
}

test('a call-room official checks a heat in by tap and by the bib QR code; DNS reaches results entry and the public page live', async ({
  browser,
  page,
}, info) => {
  test.setTimeout(150_000);
  // ── The meeting: five girls in one heat of the 100 m, published, with bibs ───────────────
  await signInOnce(page, 'admin', ADMIN_PASSWORD);
  const meeting = await competitionMeeting(page, { item: '100', athletes: 5, heats: 1, seed: 'e2e-callroom' });
  await api(page, 'POST', `/api/v1/competition/meetings/${meeting.meetingId}/bibs`, {
    scheme: { kind: 'delegation', start: 501, step: 0 },
    keepExisting: false,
  });
  const round = await api<Round>(page, 'GET', `/api/v1/competition/rounds/${meeting.round.id}`);
  const heat = round.heats[0]!;
  const [tapped, absent, scanned] = heat.starts;
  expect(scanned?.bib).toBeTruthy();

  // The official (a referee user with the call-room role) and the committee as the meeting's admin.
  const stamp = Date.now().toString(36);
  const roles = await api<{ value: number; code: string }[]>(page, 'GET', '/api/v1/roles/options');
  const officialName = `jl${stamp}`;
  await api(page, 'POST', '/api/v1/users', {
    username: officialName,
    nickname: `检录员${stamp.slice(-4)}`,
    gender: 0,
    userType: 40,
    roleIds: [roles.find((r) => r.code === 'CALL_ROOM')!.value],
    password: REFEREE_PASSWORD,
  });
  const committees = await api<{ userId: number; username: string }[]>(page, 'GET', '/api/v1/meetings/admin-options');
  const committeeId = committees.find((c) => c.username === 'committee')!.userId;
  await api(page, 'PUT', `/api/v1/meetings/${meeting.meetingId}/admins`, { userIds: [committeeId] });

  // ── The committee assigns the call-room official on the meeting's page ────────────────────
  const committee = await signedIn(browser, 'committee', ADMIN_PASSWORD);
  await committee.goto('/#/meeting/trackmeet');
  const search = committee.getByTestId('meeting-search');
  await search.getByRole('textbox').first().fill(meeting.code);
  await search.getByTestId('search-submit').click();
  const row = committee.getByTestId('meeting-table').locator('tr', { hasText: meeting.code });
  await row.getByTestId('meeting-more').click();
  await committee.getByRole('menuitem', { name: '裁判与检录员' }).click();
  const pickOfficial = committee.getByTestId('officials-call-room');
  await pickOfficial.click();
  await committee.keyboard.type(officialName);
  await committee
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: officialName })
    .first()
    .click();
  await committee.keyboard.press('Escape');
  await expect(pickOfficial).toContainText(officialName);
  // The referee stays: a duty is replaced on its own.
  await expect(committee.getByTestId('officials-referee')).toContainText(meeting.referee.username);
  await committee.getByTestId('officials-ok').click();
  await expect(committee.locator('.ant-message-notice').filter({ hasText: '保存成功' }).last()).toBeVisible();
  const officials = await api<{ username: string; duty: string }[]>(
    committee,
    'GET',
    `/api/v1/meetings/${meeting.meetingId}/officials`,
  );
  expect(officials.map((o) => `${o.duty}:${o.username}`).sort()).toEqual([
    `call-room:${officialName}`,
    `referee:${meeting.referee.username}`,
  ]);

  // ── Open all along: results entry (the referee) and the public page (an anonymous phone) ────
  const referee = await signedIn(browser, meeting.referee.username, REFEREE_PASSWORD);
  await referee.goto(
    `/#/competition/results?meetingId=${meeting.meetingId}&groupItemId=${meeting.groupItemId}&roundId=${round.id}`,
  );
  await expect(referee.getByTestId('track-grid')).toBeVisible();
  const visitor = await phonePage(browser);
  await visitor.goto(`/#/h5/detail?code=${meeting.code}&item=${meeting.groupItemId}`);
  const area = visitor.getByTestId('item-startlist');
  await expect(area.getByTestId('start-row')).toHaveCount(heat.starts.length);
  await expect(area.getByTestId('live-badge')).toHaveAttribute('data-live', 'on');

  // ── The official's phone, its camera showing the bib's QR code ─────────────────────────────
  const origin = new URL(page.url()).origin;
  const dir = info.outputPath('camera');
  mkdirSync(dir, { recursive: true });
  const video = path.join(dir, 'bib.y4m');
  qrVideo(`${origin}/#/h5/athlete/${scanned!.athleteId}`, video);
  const cameraBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const phone = await phonePage(cameraBrowser, { locale: 'zh-CN', reducedMotion: 'reduce', baseURL: origin });
    await signIn(phone, officialName, REFEREE_PASSWORD);
    await expect(phone.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await phone.goto(`/#/competition/callroom?meetingId=${meeting.meetingId}`);
    // The heat in the list (not scheduled: no call time), then its athletes.
    await phone.locator(`[data-testid="callroom-heat-item"][data-heat="${heat.id}"]`).tap();
    const starts = phone.getByTestId('callroom-start');
    await expect(starts).toHaveCount(heat.starts.length);
    const startOf = (s: Start) => phone.locator(`[data-testid="callroom-start"][data-bib="${s.bib}"]`);
    // Touch targets of at least 44 px.
    const box = await startOf(tapped!).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect((await phone.getByTestId('callroom-scan').boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // A tap: present.
    await startOf(tapped!).tap();
    await expect(startOf(tapped!)).toHaveAttribute('data-state', 'present');
    // The camera: the scanned athlete is marked present in this heat.
    await phone.getByTestId('callroom-scan').tap();
    await expect(startOf(scanned!)).toHaveAttribute('data-state', 'present', { timeout: 20_000 });
    await expect(phone.getByTestId('scanner-last')).toContainText(scanned!.bib!);
    await phone.getByTestId('scanner-close').tap();
    // Two taps: present, then absent — DNS on the start list.
    await startOf(absent!).tap();
    await expect(startOf(absent!)).toHaveAttribute('data-state', 'present');
    await startOf(absent!).tap();
    await expect(startOf(absent!)).toHaveAttribute('data-state', 'absent');
    await expect(startOf(absent!)).toContainText('DNS');
    await expect(phone.getByTestId('callroom-counts')).toContainText('2 已到');
    await expect(phone.getByTestId('callroom-counts')).toContainText('1 缺席');

    // ── Without a reload: results entry shows the DNS, and so does the public start list ─────
    await expect(referee.getByTestId(`code-${absent!.id}`)).toContainText('DNS');
    const publicRow = area.getByTestId('start-row').filter({ hasText: absent!.name });
    await expect(publicRow.getByTestId('start-dns')).toHaveText('DNS');
    await expect(area.getByTestId('start-dns')).toHaveCount(1);
  } finally {
    await cameraBrowser.close();
  }
});
