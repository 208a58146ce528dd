import type { AuditStatus, MeetingStatus } from '@baton/contracts';
import { useTranslation } from '../app/i18n';
import { useIsDark } from '../app/theme';
import { LiteTag } from './lite';

const MEETING_COLOR: Record<MeetingStatus, string> = {
  draft: 'default',
  registration_open: 'success',
  registration_closed: 'warning',
  in_competition: 'processing',
  finished: 'purple',
  archived: 'default',
};

/** A meeting's status as a coloured tag (antd Tag's look, without antd: the h5 home shows it). */
export function MeetingStatusTag({ status }: { status: MeetingStatus }) {
  const { t } = useTranslation();
  const dark = useIsDark();
  return (
    <LiteTag color={MEETING_COLOR[status]} dark={dark} data-testid="meeting-status">
      {t(`public.meetingStatus.${status}`)}
    </LiteTag>
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
  const dark = useIsDark();
  return (
    <LiteTag color={AUDIT_COLOR[status]} dark={dark} data-testid="audit-status">
      {t(`public.auditStatus.${status}`)}
    </LiteTag>
  );
}
