import type { MeetingPublicVO } from '@baton/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n';
import { LiteSegmented } from '../../../components/lite';
import { LiteEmptyDefault } from '../../../components/lite/empty';
import { RemarkHtml } from '../../../components/public/RemarkHtml';
import { Section } from '../../../components/public/Section';
import { useBilingual } from '../../../hooks/language';
import { useNarrow } from '../../../layouts/public/narrow';
import { formatScheduleDay, meetingTime, meetingZoneNote, scheduleByDay } from '../../../utils/meeting-format';

/** The meeting's remarks and 竞赛规程, its schedule by day and its groups with their items (each opens the item's page). */
export function Overview({ meeting, itemHref }: { meeting: MeetingPublicVO; itemHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const pick = useBilingual();
  const days = scheduleByDay(meeting.groups, meeting.timeZone);
  // The times are on the meeting's clock: said once when it is not the visitor's.
  const first = days[0]?.slots[0]?.at;
  const zone = first ? meetingZoneNote(meeting.timeZone, new Date(first)) : '';
  // Phones show one day at a time (a day of a big meeting is a long list); desktops show them side by side.
  const narrow = useNarrow();
  const [picked, setPicked] = useState<string | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const oneDay = narrow && days.length > 1;
  const current = days.find((d) => d.day === picked)?.day ?? days[0]?.day;
  const shownDays = oneDay ? days.filter((d) => d.day === current) : days;
  return (
    <div className="pub-stack">
      {meeting.remark.trim() ? (
        <Section title={t('public.detail.remarks')} testId="section-remarks">
          <RemarkHtml html={meeting.remark} />
        </Section>
      ) : null}
      {meeting.regulations.trim() ? (
        <Section title={t('public.detail.regulations')} testId="section-regulations">
          {/* Folded: a full 竞赛规程 is pages long, and the schedule comes after it. */}
          <details className="pub-details" onToggle={(e) => setRulesOpen(e.currentTarget.open)}>
            <summary>{t(rulesOpen ? 'public.detail.regulationsClose' : 'public.detail.regulationsOpen')}</summary>
            <RemarkHtml html={meeting.regulations} testId="meeting-regulations" />
          </details>
        </Section>
      ) : null}
      <Section title={t('public.detail.schedule')} testId="section-schedule">
        {zone ? (
          <p className="pub-muted" data-testid="schedule-clock">
            {t('common.meetingClock', { zone })}
          </p>
        ) : null}
        {days.length === 0 ? (
          <LiteEmptyDefault description={t('public.detail.noSchedule')} />
        ) : (
          <div className="pub-days">
            {oneDay ? (
              <div className="pub-day-picker">
                <LiteSegmented<string>
                  size="middle"
                  value={current ?? ''}
                  onChange={setPicked}
                  options={days.map(({ day }) => ({ value: day, label: formatScheduleDay(day, i18n.language) }))}
                  data-testid="schedule-days"
                />
              </div>
            ) : null}
            {shownDays.map(({ day, slots }) => (
              <div key={day} className="pub-day">
                {oneDay ? null : <h3>{formatScheduleDay(day, i18n.language)}</h3>}
                <ul className="pub-links">
                  {slots.map((s) => (
                    <li key={s.itemId}>
                      <Link to={itemHref(s.itemId)} className="pub-link-row" data-testid="schedule-slot">
                        <span className="pub-time">{meetingTime(s.at, meeting.timeZone)}</span>
                        <span className="pub-link-main">{pick(s.itemName, s.itemNameEn)}</span>
                        <span className="pub-muted">{pick(s.groupName, s.groupNameEn)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </Section>
      <Section title={t('public.detail.groups')} testId="section-groups">
        {meeting.groups.length === 0 ? (
          <LiteEmptyDefault description={t('public.detail.noGroups')} />
        ) : (
          <div className="pub-groups">
            {meeting.groups.map((g) => (
              <div key={g.id} className="pub-group" data-testid="group-card">
                <h3>
                  {pick(g.name, g.nameEn)}
                  <span className="pub-muted">{t(`public.gender.${g.gender}`, { defaultValue: g.gender })}</span>
                </h3>
                <p className="pub-muted">{t('public.detail.born', { from: g.birthFrom, to: g.birthTo })}</p>
                <div className="pub-chips">
                  {g.items.map((i) => (
                    <Link key={i.id} to={itemHref(i.id)} className="pub-chip" data-testid="group-item">
                      {pick(i.name, i.nameEn)}
                    </Link>
                  ))}
                </div>
              </div>
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}
