import { useNavigate, useSearchParams } from 'react-router';
import { LiteSkeleton } from '../../../components/lite';
import { useMeetingCode, usePublicBase, usePublicMeeting } from '../../../hooks/public';
import { positiveId } from '../../../utils/live-format';
import { PublicEmpty } from '../PublicEmpty';
import { ItemView } from './ItemView';
import '../../../components/public/parts.css';

export { ItemView };

/**
 * A group item's page on its own (spec §2 "group item"): `/home/group-item?meetingId=&groupItemId=`
 * and `/h5/group-item…` (`?code=` instead of `meetingId` works too): its rounds, heats, start
 * lists and official results, live, and its entry list. Without antd, like the meeting page.
 */
export default function GroupItemPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const base = usePublicBase();
  const { code, resolving } = useMeetingCode(search.get('code'), search.get('meetingId'));
  const meeting = usePublicMeeting(code);
  const groupItemId = positiveId(search.get('groupItemId'));
  if (resolving || meeting.isLoading) {
    return (
      <div className="pub-card">
        <LiteSkeleton rows={9} />
      </div>
    );
  }
  if (!meeting.data || !groupItemId)
    return <PublicEmpty titleKey="public.routes.groupItem" emptyKey="public.detail.notFound" />;
  const m = meeting.data;
  return (
    <ItemView
      meeting={m}
      groupItemId={groupItemId}
      onPick={(id) =>
        setSearch((prev) => {
          const next = new URLSearchParams(prev);
          next.set('groupItemId', String(id));
          return next;
        })
      }
      onBack={() => navigate(`${base}/detail?code=${encodeURIComponent(m.code)}&tab=startLists`)}
    />
  );
}
