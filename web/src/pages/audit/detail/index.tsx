import {
  ArrowLeftOutlined,
  CheckOutlined,
  FileOutlined,
  LeftOutlined,
  RightOutlined,
  RollbackOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AthleteVO, AuditDetailVO, CoachVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  type DescriptionsProps as AntDescriptionsProps,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Result,
  Row,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
  theme,
} from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type AuditEntity, auditQueries } from '../../../api/audit';
import { formatBytes } from '../../../api/files';
import { useTranslation } from '../../../app/i18n';
import { DictTag, formatTime } from '../../../components/crud';
import { NoIdNumberTag } from '../../../components/NoIdNumberTag';
import { Perm } from '../../../components/Perm';
import { PrivateFileLink, PrivateImage } from '../../../components/PrivateFile';
import { useBilingual } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { formatDay } from '../../../utils/meeting-format';
import { canDecide, detailPath, FieldValue, neighbours, PERM, StatusTag, useDecision, useFieldLabel } from '../shared';
import { HistoryView } from './HistoryView';

type Item = NonNullable<AntDescriptionsProps['items']>[number];

function Section({
  title,
  children,
  testId,
  extra,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  extra?: ReactNode;
}) {
  return (
    <Card variant="borderless" size="small" title={title} extra={extra} data-testid={testId}>
      {children}
    </Card>
  );
}

/** The form's field that is the athlete's photo (kept in `photoFileId`, or as this field's value). */
const PHOTO_FIELD_KEY = 'photo';
const photoValue = (v: unknown) => (typeof v === 'string' && v ? v : null);

const Nowrap = ({ children }: { children: ReactNode }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/** The athlete's photo (3:4) by its opaque file id, or a placeholder; captioned by the form's photo field. */
function Photo({ fileId, name, caption }: { fileId: string | null; name: string; caption: string }) {
  const { token } = theme.useToken();
  return (
    <figure style={{ margin: 0, display: 'grid', gap: 4, justifyItems: 'center' }} data-testid="audit-photo-box">
      <PhotoImage fileId={fileId} name={name} />
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {caption}
      </Typography.Text>
    </figure>
  );
}

function PhotoImage({ fileId, name }: { fileId: string | null; name: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = { width: 150, height: 200, borderRadius: token.borderRadius };
  if (!fileId)
    return (
      <div
        style={{
          ...box,
          display: 'grid',
          placeItems: 'center',
          alignContent: 'center',
          gap: 8,
          background: token.colorFillTertiary,
          color: token.colorTextTertiary,
        }}
        data-testid="audit-photo-none"
      >
        <UserOutlined style={{ fontSize: 40 }} />
        <span>{t('audit.detail.noPhoto')}</span>
      </div>
    );
  return (
    <PrivateImage
      fileId={fileId}
      alt={name}
      width={box.width}
      height={box.height}
      style={{ objectFit: 'cover', borderRadius: box.borderRadius }}
      data-testid="audit-photo"
    />
  );
}

function Decisions({ decisions }: { decisions: AuditDetailVO['decisions'] }) {
  const { t } = useTranslation();
  if (decisions.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noDecisions')} />;
  const newestFirst = [...decisions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <Timeline
      data-testid="audit-decisions"
      items={newestFirst.map((d) => ({
        key: d.id,
        color: d.decision === 'approve' ? 'green' : 'red',
        content: (
          <div>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {formatTime(d.createdAt)}
            </Typography.Text>
            <Typography.Text strong>
              {t(`audit.level.${d.level}`)} · {t(d.decision === 'approve' ? 'audit.approve' : 'audit.return')}
            </Typography.Text>
            <Typography.Text type="secondary"> · {d.userName ?? t('audit.detail.someone')}</Typography.Text>
            {d.reason && <div style={{ wordBreak: 'break-word' }}>{t('audit.reasonValue', { reason: d.reason })}</div>}
          </div>
        ),
      }))}
    />
  );
}

function Documents({ files }: { files: AuditDetailVO['files'] }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noFiles')} />;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="audit-files">
      {files.map((f) => (
        <div key={f.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', minWidth: 0 }}>
          <FileOutlined style={{ marginTop: 4 }} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <PrivateFileLink fileId={f.fileId} name={f.name} style={{ wordBreak: 'break-all' }}>
              {f.name}
            </PrivateFileLink>
            <div>
              <Tag style={{ marginInlineEnd: 4 }}>{t(`audit.fileKind.${f.kind}`)}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatBytes(f.size)} · {formatTime(f.createdAt)}
              </Typography.Text>
            </div>
          </div>
        </div>
      ))}
    </Space>
  );
}

function Entries({ entries }: { entries: AuditDetailVO['entries'] }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noEntries')} />;
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%' }} data-testid="audit-entries">
      {entries.map((e) => (
        <div key={e.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', paddingBlock: 6 }}>
          <Typography.Text strong style={{ flex: '1 1 160px' }}>
            {pick(e.itemName, e.itemNameEn)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {e.seedMark
              ? e.seedDate
                ? t('audit.detail.seedOn', { mark: e.seedMark, date: e.seedDate })
                : t('audit.detail.seed', { mark: e.seedMark })
              : t('audit.detail.noSeed')}
          </Typography.Text>
          <StatusTag value={e.status} />
        </div>
      ))}
    </Space>
  );
}

/** Sports audit → Detail of one athlete or coach: the record, its photo, entries, documents, problems, decisions and changes. */
export default function AuditDetailPage() {
  const { t, i18n } = useTranslation();
  const pick = useBilingual();
  const mobile = useMobile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const entity: AuditEntity = params.get('entity') === 'coach' ? 'coach' : 'athlete';
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;

  const detail = useQuery({
    // The problems are said in the interface language: another language asks again.
    ...auditQueries.detail(entity, id, i18n.language),
    enabled: valid,
  });
  const d = detail.data;
  const record: AthleteVO | CoachVO | null = d ? (d.athlete ?? d.coach) : null;
  const meetingId = record?.meetingId ?? (Number(params.get('meetingId')) || undefined);
  const labelOf = useFieldLabel();
  const { approve, startReturn, dialog } = useDecision(entity);
  const { prev, next } = valid ? neighbours(entity, id) : {};

  const go = (to: number) => navigate(detailPath(entity, to, meetingId), { replace: true });
  const back = () => navigate(`/audit/${entity}${meetingId ? `?meetingId=${meetingId}` : ''}`);

  if (!valid || detail.isError)
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('audit.detail.notFound')}
          extra={<Button onClick={back}>{t('audit.detail.back')}</Button>}
        />
      </Card>
    );
  if (!d || !record)
    return (
      <Card variant="borderless">
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );

  const athlete = d.athlete;
  const coach = d.coach;
  const base: Item[] = athlete
    ? [
        { key: 'name', label: t('audit.name'), children: athlete.name },
        { key: 'nameEn', label: t('audit.nameEn'), children: athlete.nameEn || '—' },
        { key: 'gender', label: t('audit.gender'), children: t(`audit.genderValue.${athlete.gender}`) },
        {
          key: 'birth',
          label: t('audit.birthDate'),
          children: <Nowrap>{formatDay(athlete.birthDate, i18n.language === 'en' ? 'en' : 'zh-cn')}</Nowrap>,
        },
        { key: 'idType', label: t('audit.idType'), children: <DictTag dictCode="id_type" value={athlete.idType} /> },
        {
          key: 'idNumber',
          label: t('audit.idNumber'),
          children: athlete.idNumber === null ? <NoIdNumberTag /> : <Nowrap>{athlete.idNumber}</Nowrap>,
        },
        { key: 'group', label: t('audit.group'), children: pick(athlete.groupName, athlete.groupNameEn) },
        { key: 'delegation', label: t('audit.delegation'), children: athlete.delegationName },
        { key: 'bib', label: t('audit.bib'), children: athlete.bib || '—' },
      ]
    : coach
      ? [
          { key: 'name', label: t('audit.name'), children: coach.name },
          { key: 'gender', label: t('audit.gender'), children: t(`audit.genderValue.${coach.gender}`) },
          { key: 'role', label: t('audit.role'), children: <DictTag dictCode="coach_role" value={coach.role} /> },
          { key: 'mobile', label: t('audit.mobile'), children: coach.mobile || '—' },
          { key: 'idType', label: t('audit.idType'), children: <DictTag dictCode="id_type" value={coach.idType} /> },
          { key: 'idNumber', label: t('audit.idNumber'), children: <Nowrap>{coach.idNumber || '—'}</Nowrap> },
          { key: 'delegation', label: t('audit.delegation'), children: coach.delegationName },
        ]
      : [];
  // The form's fields in their order, then any value left from a field no longer asked for. The
  // athlete's photo field is the photo beside the table (held in `photoFileId`), not a row of it.
  const fieldList = d.formFields;
  const photoField = athlete ? fieldList.find((f) => f.key === PHOTO_FIELD_KEY) : undefined;
  const photoFileId = athlete ? (athlete.photoFileId ?? photoValue(athlete.fields[PHOTO_FIELD_KEY])) : null;
  const keys = [
    ...fieldList.map((f) => f.key),
    ...Object.keys(record.fields).filter((k) => !fieldList.some((f) => f.key === k)),
  ].filter((k) => !(athlete && k === PHOTO_FIELD_KEY));
  const fieldItems: Item[] = keys.map((k) => {
    const field = fieldList.find((f) => f.key === k);
    return { key: `f-${k}`, label: labelOf(field, k), children: <FieldValue field={field} value={record.fields[k]} /> };
  });
  const times: Item[] = [
    { key: 'created', label: t('crud.createdAt'), children: formatTime(record.createdAt) },
    { key: 'updated', label: t('crud.updatedAt'), children: formatTime(record.updatedAt) },
  ];

  const actions = (
    <Space wrap>
      {canDecide(record.status) && (
        <Perm value={PERM.approve}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            onClick={() => void approve([record.id]).catch(() => undefined)}
            data-testid="detail-approve"
          >
            {t('audit.approve')}
          </Button>
        </Perm>
      )}
      {canDecide(record.status) && (
        <Perm value={PERM.return}>
          <Button
            danger
            icon={<RollbackOutlined />}
            onClick={() => startReturn([record.id])}
            data-testid="detail-return"
          >
            {t('audit.return')}
          </Button>
        </Perm>
      )}
    </Space>
  );

  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      className="audit-detail"
      data-testid="audit-detail"
    >
      <Card variant="borderless" size="small">
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('audit.detail.back')}>
            {mobile ? null : t('audit.detail.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0, flex: '1 1 auto', minWidth: 0 }} ellipsis>
            {record.name}
          </Typography.Title>
          <StatusTag value={record.status} />
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              disabled={prev === undefined}
              onClick={() => prev !== undefined && go(prev)}
              aria-label={t('audit.detail.prev')}
              data-testid="detail-prev"
            />
            <Button
              icon={<RightOutlined />}
              disabled={next === undefined}
              onClick={() => next !== undefined && go(next)}
              aria-label={t('audit.detail.next')}
              data-testid="detail-next"
            />
          </Space.Compact>
          {!mobile && actions}
        </div>
        {mobile && <div style={{ marginTop: 8 }}>{actions}</div>}
      </Card>

      {record.status === 'returned' && record.auditReason && (
        <Alert type="error" showIcon title={t('audit.reasonValue', { reason: record.auditReason })} />
      )}
      {d.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('audit.detail.problems', { count: d.problems.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {d.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          data-testid="audit-problems"
        />
      )}

      <Row gutter={[12, 12]}>
        <Col xs={24} lg={16}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Section title={t(`audit.detail.${entity}`)} testId="audit-record">
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
                {athlete && (
                  <Photo
                    fileId={photoFileId}
                    name={athlete.name}
                    caption={photoField ? pick(photoField.label, photoField.labelEn) : t('audit.detail.photo')}
                  />
                )}
                <Descriptions
                  size="small"
                  bordered
                  column={mobile ? 1 : { xs: 1, md: 1, lg: 2, xl: 2 }}
                  items={[...base, ...fieldItems, ...times]}
                  style={{ flex: '1 1 320px', minWidth: 0 }}
                />
              </div>
            </Section>
            {athlete && (
              <Section title={t('audit.detail.entries', { count: d.entries.length })}>
                <Entries entries={d.entries} />
              </Section>
            )}
            <Section title={t('audit.detail.history')}>
              <HistoryView
                entity={d.entity}
                history={d.history}
                decisions={d.decisions}
                formFields={d.formFields}
                groups={d.groups}
                items={d.items}
                minHeight={mobile ? 320 : 120}
                maxHeight={mobile ? 400 : 480}
              />
            </Section>
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Section title={t('audit.detail.decisions')}>
              <Decisions decisions={d.decisions} />
            </Section>
            <Section title={t('audit.detail.files')}>
              <Documents files={d.files} />
            </Section>
          </Space>
        </Col>
      </Row>
      {dialog}
    </Space>
  );
}
