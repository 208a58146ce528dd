import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LiteButton } from '../../components/lite';
import { LiteEmptyDefault } from '../../components/lite/empty';
import { LiteCard } from '../../components/lite/tabs';

/** A public list page with nothing published in it yet. */
export function PublicEmpty({ titleKey, emptyKey }: { titleKey: string; emptyKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = window.location.hash.startsWith('#/h5') ? '/h5/home' : '/home/index';
  return (
    <LiteCard title={t(titleKey)}>
      <LiteEmptyDefault description={t(emptyKey)}>
        <LiteButton onClick={() => navigate(home)}>{t('common.backHome')}</LiteButton>
      </LiteEmptyDefault>
    </LiteCard>
  );
}
