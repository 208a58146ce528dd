import { useMatches, useSearchParams } from 'react-router';
import { usePublicMeeting } from '../../hooks/public';

/**
 * The year of the public footer's ©: the meeting's on a meeting's page (`/m/:code`,
 * `…/detail?code=`), else this year.
 */
export function useFooterYear(): number {
  const matches = useMatches();
  const [search] = useSearchParams();
  const last = matches.at(-1);
  const onMeeting = Boolean(last && (last.params.code || last.pathname.endsWith('/detail')));
  const code = onMeeting ? (last?.params.code ?? search.get('code')) : null;
  const meeting = usePublicMeeting(code);
  return meeting.data?.year ?? new Date().getFullYear();
}
