import { MEETING_TIME_ZONE } from '@baton/contracts';

/** The instant of a wall-clock day and time in the meeting's time zone. */
export function zonedInstant(day: string, hhmm: string, timeZone = MEETING_TIME_ZONE): string {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  // The zone's offset at that moment: what the wall clock shows there, minus UTC.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return new Date(guess.getTime() - (wall - guess.getTime())).toISOString();
}
