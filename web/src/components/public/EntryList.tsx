import type { PublicEntryVO } from '@baton/contracts';
import { useTranslation } from '../../app/i18n';
import { splitEntries } from '../../utils/meeting-format';
import { LiteEmptyDefault } from '../lite/empty';
import { LiteSkeleton } from '../lite/index';

/** An event's entry list: athletes in order (bib, delegation, seed mark), relays as teams. */
export function EntryList({ entries, loading }: { entries: readonly PublicEntryVO[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <LiteSkeleton rows={5} />;
  if (!entries?.length) return <LiteEmptyDefault description={t('public.entries.empty')} data-testid="entries-empty" />;
  const { individuals, teams } = splitEntries(entries);
  return (
    <div data-testid="entry-list">
      <p className="pub-muted" data-testid="entry-count">
        {teams.length
          ? t('public.entries.countTeams', { count: teams.length })
          : t('public.entries.count', { count: individuals.length })}
      </p>
      {individuals.length > 0 && (
        <ol className="pub-rows">
          {individuals.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: public rows carry no ids; the list is replaced as a whole
            <li key={i} className="pub-row" data-testid="entry-row">
              <span className="pub-row-no">{i + 1}</span>
              <div className="pub-row-main">
                <strong>{e.athleteName}</strong>
                <span className="pub-muted">{e.delegationName}</span>
              </div>
              <div className="pub-row-side">
                {e.bib ? <span className="pub-bib">{e.bib}</span> : null}
                <span className="pub-mark" title={t('public.entries.seedMark')}>
                  {e.seedMark ?? '—'}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      {teams.length > 0 && (
        <ol className="pub-rows">
          {teams.map((team, i) => (
            <li key={team.key} className="pub-row" data-testid="relay-team">
              <span className="pub-row-no">{i + 1}</span>
              <div className="pub-row-main">
                <strong>
                  {team.delegationName} {t('public.entries.team', { letter: team.letter })}
                </strong>
                {team.members.length ? <span className="pub-muted">{team.members.join(' · ')}</span> : null}
              </div>
              <div className="pub-row-side">
                <span className="pub-mark" title={t('public.entries.seedMark')}>
                  {team.seedMark ?? '—'}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
