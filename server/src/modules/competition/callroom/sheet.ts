import type { CallRoomHeatVO, CallRoomStartVO, Lang } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { compHeat } from '../../../db/schema/index.js';
import { badInput, notFound } from '../../../lib/errors.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireRound } from '../access.js';
import { bibWarning } from '../documents/bib-warning.js';
import { fileName } from '../documents/format.js';
import { words } from '../documents/labels.js';
import { type Column, GREY, INK, MARGIN, Pdf, type Row } from '../documents/pdf.js';
import type { DocumentFile } from '../documents/service.js';
import { callRoomHeat } from './service.js';

/**
 * The call-room sheet (检录表) of a round or one of its heats (issue 24), on the documents' PDF
 * kit: per heat its call and start times, every start with lane or order, bib, name, delegation
 * and its mark so far (✓ present, DNS absent, late), a column to tick by hand, the totals, and
 * the lines the call-room official signs. Printed in the requester's language.
 */

const SHEET = { zh: '检录表', en: 'Call-room sheet' };

function markText(s: CallRoomStartVO, pick: (zh: string, en: string) => string): string {
  if (s.checkIn === 'present') return pick('已到', 'Present');
  if (s.checkIn === 'late') return pick('迟到', 'Late');
  if (s.checkIn === 'absent') return pick('缺席 DNS', 'Absent DNS');
  // Not marked by the call room: a DNS results entry wrote still shows.
  return s.code === 'DNS' ? 'DNS' : '';
}

export async function callRoomSheetPdf(
  db: DbOrTx,
  u: CurrentUser,
  roundId: number,
  heatId: number | undefined,
  lang: Lang,
): Promise<DocumentFile> {
  const { meeting: m } = await requireRound(db, u, roundId, 'callroom');
  const ids = (
    await db
      .select({ id: compHeat.id })
      .from(compHeat)
      .where(eq(compHeat.roundId, roundId))
      .orderBy(asc(compHeat.number))
  ).map((h) => h.id);
  if (heatId !== undefined && !ids.includes(heatId)) throw notFound();
  if (!ids.length) throw badInput('该赛次还没有分组', 'This round has no heats yet');
  const heats: CallRoomHeatVO[] = [];
  for (const id of heatId !== undefined ? [heatId] : ids) heats.push(await callRoomHeat(db, u, id));

  const w = words(lang, m.timeZone);
  const pick = (zh: string, en: string) => w.pick(zh, en);
  const first = heats[0]!;
  const event = `${w.pick(first.groupName, first.groupNameEn)} ${w.pick(first.itemName, first.itemNameEn)}`;
  const label = `${event} · ${w.round(first.roundName)}`;
  const pdf = await Pdf.create(w, {
    meeting: w.pick(m.name, m.nameEn),
    meetingAlt: (lang === 'en' ? m.name : m.nameEn) || undefined,
    title: pick(SHEET.zh, SHEET.en),
    subtitle: label,
    when: w.dateTime(first.startsAt),
  });
  const field = first.kind === 'field-height' || first.kind === 'field-distance';
  const relay = first.kind === 'relay';
  pdf.addPage();
  // Issue 24: an empty bib column says why (relay runners print their bibs too).
  const noBib = heats.flatMap((h) =>
    h.starts.flatMap((s) => [...(s.relayTeamId === null ? [s.bib] : []), ...s.members.map((r) => r.bib)]),
  );
  bibWarning(pdf, w, noBib.filter((b) => !b).length);
  pdf.note(
    pick(
      `运动员须于项目开始前 ${m.callRoomLead} 分钟到检录处检录；未检录者按弃权（DNS）处理。`,
      `Athletes report to the call room ${m.callRoomLead} minutes before their start; those who do not are DNS.`,
    ),
  );
  for (const h of heats) {
    const title = `${w.w(field ? 'flight' : 'heat', { n: h.heatNumber })} / ${w.w('heatsOf', { n: h.heatCount })}`;
    const right = [
      h.callAt ? `${pick('检录', 'Call')} ${w.clock(h.callAt)}` : '',
      h.startsAt ? `${pick('开始', 'Start')} ${w.clock(h.startsAt)}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    pdf.heading(title, right);
    const columns: Column[] = [
      { label: w.w(h.lanes ? 'lane' : 'order'), width: 0.6, align: 'center' },
      ...(relay ? [] : [{ label: w.w('bib'), width: 0.8, align: 'center' as const }]),
      { label: w.w(relay ? 'team' : 'name'), width: relay ? 2.2 : 1.6 },
      { label: w.w('delegation'), width: 2.2 },
      { label: pick('检录', 'Check-in'), width: 1, align: 'center' },
      { label: pick('签到', 'Tick'), width: 0.7, align: 'center' },
    ];
    const rows: Row[] = h.starts.map((s) => ({
      cells: [
        String((h.lanes ? s.lane : s.position) ?? ''),
        ...(relay ? [] : [{ text: s.bib ?? '', bold: true }]),
        relay ? { text: s.name, bold: true } : { text: s.name, sub: s.nameEn ?? undefined },
        s.delegationName,
        { text: markText(s, pick), bold: s.checkIn === 'absent' },
        '',
      ],
      sub:
        relay && s.members.length
          ? `${w.w('members')}: ${s.members.map((r) => `${r.leg ?? w.w('alternate')} ${r.name}${r.bib ? ` (${r.bib})` : ''}`).join(' · ')}`
          : undefined,
    }));
    pdf.table(columns, rows, () => pdf.heading(title, right));
    const c = h.counts;
    pdf.note(
      pick(
        `应到 ${c.total} 人　已到 ${c.present}　迟到 ${c.late}　缺席 ${c.absent}　未检录 ${c.unmarked}`,
        `Expected ${c.total} · present ${c.present} · late ${c.late} · absent ${c.absent} · not yet marked ${c.unmarked}`,
      ),
    );
  }
  // The signatures: the call-room official and the time the list went to the starter.
  pdf.room(40);
  pdf.space(24);
  const sign = pick('检录员签名', 'Call-room official');
  const time = pick('交出时间', 'Handed over at');
  pdf.text(`${sign}: ____________________`, MARGIN, pdf.y, { size: 9, color: INK });
  pdf.text(`${time}: __________`, pdf.width - MARGIN, pdf.y, { size: 9, color: INK, align: 'right' });
  pdf.space(14);
  pdf.text(pick('缺席者在出发名单上记为 DNS。', 'Absent athletes are DNS on the start list.'), MARGIN, pdf.y, {
    size: 7.5,
    color: GREY,
  });
  const heatPart = heatId !== undefined ? w.w(field ? 'flight' : 'heat', { n: first.heatNumber }) : undefined;
  return {
    filename: fileName(pick(SHEET.zh, SHEET.en), event, w.round(first.roundName), heatPart),
    bytes: await pdf.save(w.dateTime(new Date())),
  };
}
