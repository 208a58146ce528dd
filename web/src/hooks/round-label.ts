import { COMBINED_DISCIPLINE_NAMES, type RoundName } from '@baton/contracts';
import { useCallback } from 'react';
import { useTranslation } from '../app/i18n';
import { useBilingual } from './language';

/** A round as lists name it: a combined event's discipline, else heats / semi-final / final. */
export interface NamedRound {
  index: number;
  name: RoundName;
  discipline: string | null;
}

/**
 * The label of a round in the viewer's language: a discipline of a combined event by its
 * number and name ("3 · 铅球", "3 · Shot put"), any other round by its name ("决赛", "Final").
 * Without antd: the public pages use it too.
 */
export function useRoundLabel() {
  const { t } = useTranslation();
  const pick = useBilingual();
  return useCallback(
    (r: NamedRound) => {
      const d = r.discipline ? COMBINED_DISCIPLINE_NAMES[r.discipline] : undefined;
      return d
        ? t('comp.discipline', { index: r.index + 1, name: pick(d.name, d.nameEn) })
        : t(`comp.roundName.${r.name}`);
    },
    [t, pick],
  );
}
