import type { AuditStatus, MeetingStatus } from '@baton/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const MEETING_COLOR: Record<MeetingStatus, string> = {
  draft: 'default',
  registration_open: 'success',
  registration_closed: 'warning',
  in_competition: 'processing',
  finished: 'purple',
  archived: 'default',
};

/** A meeting's status as a coloured tag. */
export function MeetingStatusTag({ status }: { status: MeetingStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={MEETING_COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="meeting-status">
      {t(`public.meetingStatus.${status}`)}
    </Tag>
  );
}

const AUDIT_COLOR: Record<AuditStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'success',
  returned: 'error',
};

/** A registration's audit status as a coloured tag. */
export function AuditStatusTag({ status }: { status: AuditStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={AUDIT_COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="audit-status">
      {t(`public.auditStatus.${status}`)}
    </Tag>
  );
}
