import type { PublicMeetingCard } from '@baton/contracts';

/** The demo meeting (wrj2025) as the public pages list it, open for entries; `over` changes any of it. */
export function demoMeetingCard(over: Partial<PublicMeetingCard> = {}): PublicMeetingCard {
  return {
    id: 1,
    code: 'wrj2025',
    name: '2025 温瑞青少年田径运动会',
    nameEn: '2025 Wenrui Youth Athletics Games',
    venue: 'Ruian Sports Centre',
    startDate: '2025-10-01',
    endDate: '2025-10-03',
    regClosesAt: '2025-09-20T10:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    status: 'registration_open',
    registrationOpen: true,
    allowSelfRegistration: false,
    ...over,
  };
}
