import type { CombinedDisciplineVO, CombinedRowVO, CombinedScoreVO, CombinedStandingVO } from '@baton/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { useIsDark } from '../../app/theme';
import { useBilingual } from '../../hooks/language';
import { LiteTag } from '../lite';
import './table.css';
import './combined.css';

const windText = (w: number | null) => (w === null ? '' : `${w > 0 ? '+' : ''}${w.toFixed(1)}`);

/** A discipline's result as the sheet prints it: the mark ("h" when hand-timed) or the code, and the points. */
function Score({ score }: { score: CombinedScoreVO | undefined }) {
  const { t } = useTranslation();
  if (!score) return <span className="cmb-muted">–</span>;
  const wind = windText(score.wind);
  return (
    <>
      <span
        className="cmb-mark"
        title={score.code ? t(`comp.code.${score.code as 'DNS'}`) : wind ? `${t('comp.wind')} ${wind}` : undefined}
      >
        {score.code ?? score.mark ?? ''}
        {score.handTimed && !score.code ? (
          <abbr className="cmb-h" title={t('comp.combined.handTimed')} data-testid="combined-hand">
            h
          </abbr>
        ) : null}
      </span>
      <span className="cmb-points">{score.points}</span>
    </>
  );
}

/**
 * The standing of a combined event (issue 23) after the disciplines counted so far: place,
 * bib, name, delegation, one column per discipline (mark and points), total; athletes who
 * abandoned (TR 39.10) last and marked. On a phone (≤ 600 px) the discipline columns give way
 * to a line of results under each name. Plain HTML on the theme's variables: the staff
 * results page and the public event page (no antd) show the same table.
 */
export function CombinedTable({
  standing,
  athleteHref,
}: {
  standing: CombinedStandingVO;
  /** The public pages link a name to the athlete's card. */
  athleteHref?: (athleteId: number) => string;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const dark = useIsDark();
  const { disciplines, rows } = standing;
  const done = disciplines.filter((d) => d.counted).length;
  const label = (d: CombinedDisciplineVO) => t('comp.discipline', { index: d.index + 1, name: pick(d.name, d.nameEn) });
  const bibs = rows.some((r) => r.bib);
  // Place, (bib), name, delegation, the disciplines, total.
  const columns = 4 + (bibs ? 1 : 0) + disciplines.length;
  return (
    <div className="cmb" data-testid="combined-table">
      <p className="cmb-muted cmb-progress" data-testid="combined-progress">
        {standing.final ? t('comp.combined.final') : t('comp.combined.progress', { done, all: disciplines.length })}
      </p>
      {!rows.length ? (
        <p className="cmb-muted" data-testid="combined-empty">
          {t('comp.combined.noAthletes')}
        </p>
      ) : (
        <div className="cmb-scroll">
          <table className="cmb-table">
            <thead>
              <tr>
                <th className="cmb-num">{t('comp.place')}</th>
                {bibs ? <th className="cmb-num">{t('comp.bib')}</th> : null}
                <th>{t('comp.name')}</th>
                <th className="cmb-col-dlg">{t('comp.delegation')}</th>
                {disciplines.map((d) => (
                  <th
                    key={d.roundId}
                    className={`cmb-num cmb-col-disc${d.counted ? '' : ' cmb-uncounted'}`}
                    title={d.counted ? undefined : t('comp.combined.notCounted')}
                    data-testid={`combined-head-${d.index}`}
                  >
                    <span className="cmb-idx">{d.index + 1}</span>
                    {pick(d.name, d.nameEn)}
                  </th>
                ))}
                <th className="cmb-num">{t('comp.combined.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Row
                  key={r.athleteId}
                  row={r}
                  disciplines={disciplines}
                  bibs={bibs}
                  columns={columns}
                  label={label}
                  href={athleteHref?.(r.athleteId)}
                  dark={dark}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Row({
  row,
  disciplines,
  bibs,
  columns,
  label,
  href,
  dark,
}: {
  row: CombinedRowVO;
  disciplines: CombinedDisciplineVO[];
  bibs: boolean;
  columns: number;
  label: (d: CombinedDisciplineVO) => string;
  href: string | undefined;
  dark: boolean;
}) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const byRound = new Map(row.scores.map((s) => [s.roundId, s]));
  const counted = disciplines.filter((d) => d.counted && byRound.has(d.roundId));
  const name = pick(row.name, row.nameEn);
  return (
    <>
      <tr
        className={`cmb-row${row.abandoned ? ' cmb-abandoned' : ''}${counted.length ? ' cmb-has-series' : ''}`}
        data-testid="combined-row"
        data-abandoned={row.abandoned ? 'yes' : 'no'}
      >
        <td className="cmb-num cmb-place" data-testid="combined-place">
          {row.place ?? ''}
        </td>
        {bibs ? <td className="cmb-num">{row.bib ?? ''}</td> : null}
        <td className="cmb-who">
          {href ? (
            <Link to={href} className="cmb-name">
              {name}
            </Link>
          ) : (
            <span className="cmb-name">{name}</span>
          )}
          {row.abandoned ? (
            <LiteTag color="default" dark={dark} className="cmb-abandoned-tag" data-testid="combined-abandoned">
              <span title={t('comp.combined.abandonedHint')}>{t('comp.combined.abandoned')}</span>
            </LiteTag>
          ) : null}
          <span className="cmb-sub">{row.delegationName}</span>
        </td>
        <td className="cmb-col-dlg">{row.delegationName}</td>
        {disciplines.map((d) => (
          <td key={d.roundId} className="cmb-num cmb-col-disc" data-testid={`combined-score-${d.index}`}>
            {d.counted ? <Score score={byRound.get(d.roundId)} /> : null}
          </td>
        ))}
        <td className="cmb-num cmb-total" data-testid="combined-total">
          {row.total}
        </td>
      </tr>
      {counted.length ? (
        <tr className="cmb-series-row">
          <td colSpan={bibs ? 2 : 1} />
          <td colSpan={columns - (bibs ? 2 : 1)}>
            <ol className="cmb-series" aria-label={t('comp.combined.title')}>
              {counted.map((d) => (
                <li key={d.roundId}>
                  <span className="cmb-series-label">{label(d)}</span>
                  <Score score={byRound.get(d.roundId)} />
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ) : null}
    </>
  );
}
