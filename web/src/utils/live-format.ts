/**
 * Shaping of the public start lists and results (pure, unit-tested): the meeting's clock, wind
 * and trial series, and the order rows are shown in.
 */
import type { EventVO, HeatVO, StartVO, TrialVO } from '@baton/contracts';

/** A wind reading in m/s with its sign: `+1.2`, `-0.4`, `0.0` (WA TR 29.12: to 0.1 m/s). */
export function windText(wind: number | null | undefined): string {
  if (wind === null || wind === undefined || !Number.isFinite(wind)) return '';
  const v = Math.round(wind * 10) / 10;
  return v > 0 ? `+${v.toFixed(1)}` : v.toFixed(1).replace(/^-0\.0$/, '0.0');
}

/**
 * The rows of a heat as shown: an official heat by place (those without a place — DNS, DNF,
 * DQ, NM — after the placed ones, in start order); otherwise the start order as published
 * (track by lane, field by competition order).
 */
export function shownRows(heat: Pick<HeatVO, 'status' | 'starts'>): StartVO[] {
  if (heat.status !== 'official') return heat.starts;
  return heat.starts
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.place ?? Number.MAX_SAFE_INTEGER) - (b.s.place ?? Number.MAX_SAFE_INTEGER) || a.i - b.i)
    .map(({ s }) => s);
}

/** Whether the heat's results are official (what the public sees of results). */
export const isOfficial = (heat: Pick<HeatVO, 'status'>) => heat.status === 'official';

/** A start's result as text: the status code when it has one, else the mark. */
export function markText(s: Pick<StartVO, 'code' | 'mark'>): string {
  return s.code ?? s.mark ?? '';
}

export interface SeriesCell {
  key: string;
  /** The height (vertical jumps) or the trial number (horizontal events). */
  label: string;
  /** `O`, `XO`, `XX-` per height; a distance, `X`, `–` or `r` per trial. */
  text: string;
  wind: string;
}

const outcomeText = (o: TrialVO['outcome']) => (o === '-' ? '–' : o);

/**
 * A field competitor's series. Vertical jumps (WA TR 26): the attempts at each height, in
 * order (`XO` = cleared at the second attempt). Horizontal events (WA TR 25): each trial's
 * distance (with its wind where measured) or X / – / r.
 */
export function trialSeries(trials: readonly TrialVO[], format: EventVO['resultFormat']): SeriesCell[] {
  if (format === 'height') {
    const byHeight = new Map<string, string>();
    for (const t of trials) {
      const h = t.height === null ? '?' : t.height.toFixed(2);
      byHeight.set(h, (byHeight.get(h) ?? '') + outcomeText(t.outcome));
    }
    return [...byHeight].map(([h, text]) => ({ key: h, label: h, text, wind: '' }));
  }
  return trials.map((t) => ({
    key: String(t.seq),
    label: String(t.seq),
    text: t.outcome === 'O' && t.mark !== null ? t.mark.toFixed(2) : outcomeText(t.outcome),
    // The wind of a valid trial (the one a mark is read with, WA TR 29.11).
    wind: t.outcome === 'O' ? windText(t.wind) : '',
  }));
}

/** Whether the event is a field event (competition order and trials instead of lanes). */
export const isField = (e: Pick<EventVO, 'kind'>) => e.kind === 'field-height' || e.kind === 'field-distance';

/** A positive integer id from a URL parameter, else undefined. */
export function positiveId(v: string | null | undefined): number | undefined {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}
