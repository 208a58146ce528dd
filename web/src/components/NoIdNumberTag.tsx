import { Tag, Tooltip } from 'antd';
import { useTranslation } from '../app/i18n';

/**
 * An athlete registered without an ID number yet (imported from a Hy-Tek file, which carries
 * none): shown where the number would be, in the delegation's list and in the audit. The
 * delegation adds the number by editing the athlete; submitting asks for it.
 */
export function NoIdNumberTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('apply.noIdNumberHint')}>
      <Tag color="warning" data-testid="no-id-number" style={{ marginInlineEnd: 0 }}>
        {t('apply.noIdNumber')}
      </Tag>
    </Tooltip>
  );
}
