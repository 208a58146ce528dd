import { RecordList } from '../RecordList';

/** Sports audit → Athletes: filter, approve or return (one or many), open a detail. */
export default function AuditAthletePage() {
  return <RecordList entity="athlete" />;
}
