import type { CompetitionEventVO, Lang } from '@baton/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { compRound, compSession } from '../../../db/schema/index.js';
import type { CurrentUser } from '../../../plugins/auth.js';
import { requireCompetition } from '../access.js';
import { loadEvents } from '../views.js';
import { fileName } from './format.js';
import { type Words, words } from './labels.js';
import { type Column, Pdf, type Row } from './pdf.js';
import { type DocumentFile, eventLabel, meetingHeader, now } from './service.js';

/* ---------------------------------------------------------------------------------------------
 * Timetable
 */

export async function timetablePdf(db: DbOrTx, u: CurrentUser, meetingId: number, lang: Lang): Promise<DocumentFile> {
  const { meeting: m } = await requireCompetition(db, u, meetingId, 'view');
  const w = words(lang, m.timeZone);
  const timetable = await loadTimetable(db, meetingId);
  const pdf = await Pdf.create(
    w,
    meetingHeader(w, m, w.w('timetable'), m.venue || undefined, `${m.startDate} – ${m.endDate}`),
  );
  pdf.addPage();
  drawTimetable(pdf, w, timetable);
  return { filename: fileName(w.w('timetable'), m.code), bytes: await pdf.save(now(w)) };
}

export interface Slot {
  at: string | null;
  event: CompetitionEventVO;
  round: CompetitionEventVO['rounds'][number] | null;
  order: number;
}
export interface Timetable {
  sessions: (typeof compSession.$inferSelect)[];
  /** The rounds of each session (null: in none), in time order. */
  bySession: Map<number | null, Slot[]>;
}

/** The meeting's sessions and each one's rounds by time (an event without rounds at its planned time). */
export async function loadTimetable(db: DbOrTx, meetingId: number, loaded?: CompetitionEventVO[]): Promise<Timetable> {
  const sessions = await db
    .select()
    .from(compSession)
    .where(eq(compSession.meetingId, meetingId))
    .orderBy(asc(compSession.day), asc(compSession.startsAt), asc(compSession.sort), asc(compSession.id));
  const placed = await db
    .select({ id: compRound.id, sessionId: compRound.sessionId })
    .from(compRound)
    .where(eq(compRound.meetingId, meetingId));
  const sessionOf = new Map(placed.map((r) => [r.id, r.sessionId]));
  const events = loaded ?? (await loadEvents(db, meetingId));
  const bySession = new Map<number | null, Slot[]>();
  events.forEach((event, order) => {
    // An event without rounds yet is listed at its planned time (meet_group_item.scheduled_at).
    const slots = event.rounds.length
      ? event.rounds.map((round) => ({ at: round.scheduledAt ?? event.scheduledAt, event, round, order }))
      : [{ at: event.scheduledAt, event, round: null, order }];
    for (const slot of slots) {
      const sid = slot.round ? (sessionOf.get(slot.round.id) ?? null) : null;
      bySession.set(sid, [...(bySession.get(sid) ?? []), slot]);
    }
  });
  const ordered = (slots: Slot[]) =>
    [...slots].sort((a, b) => {
      if (a.at !== b.at) return a.at === null ? 1 : b.at === null ? -1 : a.at < b.at ? -1 : 1;
      return a.order - b.order || (a.round?.index ?? 0) - (b.round?.index ?? 0);
    });
  for (const [k, slots] of bySession) bySession.set(k, ordered(slots));
  return { sessions, bySession };
}

/** The timetable from where the page is: each session's title and times, then its rounds. */
export function drawTimetable(pdf: Pdf, w: Words, { sessions, bySession }: Timetable) {
  const columns: Column[] = [
    { label: w.w('time'), width: 1.25 },
    { label: w.w('event'), width: 2.6 },
    { label: w.w('round'), width: 0.9 },
    { label: w.w('heats'), width: 0.55, align: 'center' },
    { label: w.w('competitors'), width: 1, align: 'center' },
    { label: w.w('status'), width: 1.8 },
  ];
  const rows = (slots: Slot[], withDay: boolean): Row[] =>
    slots.map((s) => ({
      cells: [
        withDay ? w.dateTime(s.at) : w.clock(s.at),
        { text: eventLabel(w, s.event), bold: true },
        s.round ? w.round(s.round.name) : '',
        s.round ? String(s.round.heats) : '',
        String(s.round ? s.round.starts : s.event.entries),
        s.round ? w.status(s.round.status) : '',
      ],
    }));
  for (const s of sessions) {
    const title = `${w.day(s.startsAt) || s.day} ${w.pick(s.name, s.nameEn)}`;
    const right = [w.clock(s.startsAt), w.clock(s.endsAt)].filter(Boolean).join(' – ');
    pdf.heading(title, right);
    pdf.table(columns, rows(bySession.get(s.id) ?? [], false), () => pdf.heading(title, right));
  }
  const loose = bySession.get(null) ?? [];
  if (loose.length) {
    const title = w.w('unscheduled');
    pdf.heading(title);
    pdf.table(columns, rows(loose, true), () => pdf.heading(title));
  }
}
