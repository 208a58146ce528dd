import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { timeLeft } from '../../utils/meeting-format';
import { LiteIcon } from '../lite/icon';

/** "Registration closes in 3 d 4 h" until `until`, refreshed every half minute. */
export function Countdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(until, now);
  return (
    <span className="pub-countdown" data-testid="meeting-countdown">
      <LiteIcon icon={ClockCircleOutlined} />
      {!left
        ? t('public.countdown.closed')
        : left.days > 0
          ? t('public.countdown.days', { d: left.days, h: left.hours })
          : t('public.countdown.hours', { h: left.hours, m: left.minutes })}
    </span>
  );
}
