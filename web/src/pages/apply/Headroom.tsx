import type { ApplyContextVO } from '@baton/contracts';
import { Typography } from 'antd';
import { useTranslation } from '../../app/i18n';
import { headroom } from './rules';

type Kind = 'athletes' | 'coaches';

/**
 * The delegation's room under the meeting's cap on athletes (maxAthletes) or team officials
 * (maxCoaches): whether it is full, and the sentence to show beside the add and import buttons.
 * No cap: nothing to say. The server checks the cap again on every write.
 */
export function useHeadroom(ctx: ApplyContextVO | undefined, kind: Kind) {
  const { t } = useTranslation();
  const max = kind === 'athletes' ? ctx?.meeting.maxAthletes : ctx?.meeting.maxCoaches;
  const room = ctx ? headroom(ctx.counts[kind], max ?? null) : null;
  const full = Boolean(room && room.left <= 0);
  const text = room ? t(full ? `apply.headroom.${kind}Full` : `apply.headroom.${kind}`, room) : null;
  return { full, text, reason: full ? text : null };
}

/** The headroom sentence, in the list's toolbar (a line of its own on a phone). */
export function HeadroomNote({ text, full }: { text: string | null; full: boolean }) {
  if (!text) return null;
  return (
    <Typography.Text
      type={full ? 'warning' : 'secondary'}
      className="apply-headroom"
      data-testid="apply-headroom"
      data-full={full ? '1' : undefined}
    >
      {text}
    </Typography.Text>
  );
}
