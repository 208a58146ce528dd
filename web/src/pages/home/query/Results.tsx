import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import { maskIdNumber, maskPhone, type PublicRegistrationVO } from '@baton/contracts';
import { useTranslation } from '../../../app/i18n';
import { LiteIcon } from '../../../components/lite/icon';
import { AuditStatusTag } from '../../../components/tags';
import { useBilingual } from '../../../hooks/language';

/** One registration found: meeting, delegation, person (ID and phone masked), group, status, bib, items. */
function RegistrationCard({ r }: { r: PublicRegistrationVO }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  return (
    <article className="pub-card pub-reg" data-testid="registration-card">
      <div className="pub-reg-head">
        <div>
          <h3 data-testid="reg-name">
            {r.name}
            <span className="pub-muted">{t(`public.gender.${r.gender}`, { defaultValue: r.gender })}</span>
          </h3>
          <p className="pub-muted" data-testid="reg-meeting">
            {pick(r.meetingName, r.meetingNameEn)}
          </p>
        </div>
        <AuditStatusTag status={r.status} />
      </div>
      <dl className="pub-facts">
        <div>
          <dt>
            <LiteIcon icon={TeamOutlined} /> {t('public.query.delegation')}
          </dt>
          <dd>{r.delegationName}</dd>
        </div>
        <div>
          <dt>{t('public.query.group')}</dt>
          <dd>{pick(r.groupName, r.groupNameEn)}</dd>
        </div>
        <div>
          <dt>
            <LiteIcon icon={IdcardOutlined} /> {t('public.query.idNumber')}
          </dt>
          {/* The server masks; masking again keeps a full number off the screen whatever it sends. */}
          <dd data-testid="reg-id">{maskIdNumber(r.idNumberMasked)}</dd>
        </div>
        <div>
          <dt>
            <LiteIcon icon={PhoneOutlined} /> {t('public.query.contact')}
          </dt>
          <dd data-testid="reg-phone">{maskPhone(r.contactMobileMasked) || '—'}</dd>
        </div>
        <div>
          <dt>{t('public.query.bib')}</dt>
          <dd data-testid="reg-bib">{r.bib || t('public.query.noBib')}</dd>
        </div>
      </dl>
      <div className="pub-reg-items">
        <h4>
          <LiteIcon icon={TrophyOutlined} /> {t('public.query.items')}
        </h4>
        {r.items.length === 0 ? (
          <p className="pub-muted">{t('public.query.noItems')}</p>
        ) : (
          <ul className="pub-chips">
            {r.items.map((i) => (
              <li key={`${i.itemName}-${i.itemNameEn}`} className="pub-chip pub-chip-static" data-testid="reg-item">
                {pick(i.itemName, i.itemNameEn)}
                {i.seedMark ? <span className="pub-muted">· {i.seedMark}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** The query's answer: one card per registration, or "not found" with what to check. */
export function Results({ found }: { found: PublicRegistrationVO[] }) {
  const { t } = useTranslation();
  if (found.length === 0) {
    return (
      <div className="pub-card pub-result">
        <LiteIcon icon={InfoCircleFilled} aria-hidden />
        <h2 data-testid="query-not-found">{t('public.query.notFound')}</h2>
        <p className="pub-muted">{t('public.query.notFoundHint')}</p>
      </div>
    );
  }
  return (
    <div className="pub-stack" data-testid="query-results">
      <p className="pub-muted">{t('public.query.foundN', { count: found.length })}</p>
      {found.map((r, i) => (
        // The answer has no record ids (nothing to enumerate by): its order is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, replaced as a whole
        <RegistrationCard key={i} r={r} />
      ))}
    </div>
  );
}
