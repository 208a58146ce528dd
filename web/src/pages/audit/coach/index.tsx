import { RecordList } from '../RecordList';

/** Sports audit → Coaches and staff: filter, approve or return (one or many), open a detail. */
export default function AuditCoachPage() {
  return <RecordList entity="coach" />;
}
