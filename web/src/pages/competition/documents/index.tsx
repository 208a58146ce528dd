/**
 * Printed documents (issue 6): the PDFs the server makes from the competition read model — a
 * round's start list and results, an event's certificates, the meeting's timetable, bib list,
 * bib labels and team scores. Each button fetches its PDF as a blob and saves it under the
 * server's file name; a refusal (nothing official yet, no bibs…) shows the server's message.
 */
import {
  AuditOutlined,
  FileDoneOutlined,
  FilePdfOutlined,
  IdcardOutlined,
  OrderedListOutlined,
  ScheduleOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { zonedTime } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { documentsApi, documentsQueries } from '../../../api/competition-documents';
import type { BlobResponse } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { CompetitionPicker, NoCompetitionMeeting, useCompetitionSelection, useEventLabel } from '../shared';
import { BooksCard } from './BooksCard';

type Fetch = () => Promise<BlobResponse>;

interface DocProps {
  id: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** Undefined while what the document needs is not chosen. */
  fetch: Fetch | undefined;
  extra?: ReactNode;
}

function DocumentCard({ id, icon, title, description, fetch, extra }: DocProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!fetch) return;
    setBusy(true);
    try {
      const name = await downloadFrom(fetch, `${id}.pdf`);
      if (name) message.success(t('docs.saved', { name }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`doc-${id}`}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space size={8}>
          <span style={{ fontSize: 18 }}>{icon}</span>
          <Typography.Text strong>{title}</Typography.Text>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {description}
        </Typography.Text>
        {extra}
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          loading={busy}
          disabled={!fetch}
          onClick={() => void run()}
          data-testid={`doc-${id}-download`}
        >
          {t('docs.download')}
        </Button>
      </Space>
    </Card>
  );
}

const SPAN = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

export default function DocumentsPage() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const label = useEventLabel();
  const selection = useCompetitionSelection();
  const { meetings, meetingId, events, event, round, roundId, loading } = selection;
  // The group of the bib documents belongs to the meeting it was chosen in.
  const [chosen, setChosen] = useState<{ meetingId?: number; groupId?: number }>({});
  const groupId = chosen.meetingId === meetingId ? chosen.groupId : undefined;
  const groups = useMemo(() => {
    const seen = new Map<number, string>();
    for (const e of events) if (!seen.has(e.groupId)) seen.set(e.groupId, pick(e.groupName, e.groupNameEn));
    return [...seen].map(([value, text]) => ({ value, label: text }));
  }, [events, pick]);

  // Judges' cards by session (issue 24): the session belongs to the meeting it was chosen in.
  const sessionsQ = useQuery(documentsQueries.sessions(meetingId));
  const [session, setSession] = useState<{ meetingId?: number; id?: number }>({});
  const sessionId = session.meetingId === meetingId ? session.id : undefined;

  if (!loading && !meetings.length) return <NoCompetitionMeeting loading={loading} />;

  const m = meetingId;
  const bibParams = groupId ? { groupId } : {};
  const groupSelect = (
    <Select
      allowClear
      value={groupId}
      placeholder={t('docs.allGroups')}
      onChange={(v: number | undefined) => setChosen({ meetingId, groupId: v })}
      options={groups}
      style={{ width: '100%' }}
      aria-label={t('docs.group')}
      data-testid="doc-group"
    />
  );
  const heading = (text: string, hint?: string) => (
    <Space size={8} wrap>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {text}
      </Typography.Title>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <CompetitionPicker selection={selection} />

      {heading(
        round && event
          ? `${t('docs.roundDocs')} · ${label(event)} ${t(`comp.roundName.${round.name}`)}`
          : t('docs.roundDocs'),
        round ? undefined : t('docs.roundHint'),
      )}
      <Row gutter={[16, 16]}>
        <Col {...SPAN}>
          <DocumentCard
            id="start-list"
            icon={<OrderedListOutlined />}
            title={t('docs.startList')}
            description={t('docs.startListDesc')}
            fetch={roundId && round?.heats ? () => documentsApi.startList(roundId) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="results"
            icon={<FileDoneOutlined />}
            title={t('docs.results')}
            description={t('docs.resultsDesc')}
            fetch={roundId && round?.heats ? () => documentsApi.results(roundId) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="judges-cards"
            icon={<AuditOutlined />}
            title={t('docs.judgesCards')}
            description={t('docs.judgesCardsDesc')}
            fetch={roundId && round?.heats ? () => documentsApi.judgesCards(roundId) : undefined}
          />
        </Col>
      </Row>

      {heading(
        event ? `${t('docs.eventDocs')} · ${label(event)}` : t('docs.eventDocs'),
        event ? undefined : t('docs.eventHint'),
      )}
      <Row gutter={[16, 16]}>
        <Col {...SPAN}>
          <DocumentCard
            id="certificates"
            icon={<TrophyOutlined />}
            title={t('docs.certificates')}
            description={t('docs.certificatesDesc')}
            fetch={m && event ? () => documentsApi.certificates(m, event.groupItemId) : undefined}
          />
        </Col>
      </Row>

      {heading(t('docs.meetingDocs'))}
      <Row gutter={[16, 16]}>
        <Col {...SPAN}>
          <DocumentCard
            id="timetable"
            icon={<ScheduleOutlined />}
            title={t('docs.timetable')}
            description={t('docs.timetableDesc')}
            fetch={m ? () => documentsApi.timetable(m) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="bib-list"
            icon={<UnorderedListOutlined />}
            title={t('docs.bibList')}
            description={t('docs.bibListDesc')}
            extra={groupSelect}
            fetch={m ? () => documentsApi.bibList(m, bibParams) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="bibs"
            icon={<IdcardOutlined />}
            title={t('docs.bibs')}
            description={t('docs.bibsDesc')}
            extra={groupSelect}
            fetch={m ? () => documentsApi.bibs(m, bibParams) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="scores"
            icon={<TrophyOutlined />}
            title={t('docs.scores')}
            description={t('docs.scoresDesc')}
            fetch={m ? () => documentsApi.scores(m) : undefined}
          />
        </Col>
        <Col {...SPAN}>
          <DocumentCard
            id="session-cards"
            icon={<AuditOutlined />}
            title={t('docs.sessionCards')}
            description={t('docs.sessionCardsDesc')}
            extra={
              <Select
                value={sessionId}
                placeholder={t('docs.chooseSession')}
                onChange={(id: number) => setSession({ meetingId, id })}
                loading={sessionsQ.isLoading}
                notFoundContent={t('docs.noSessions')}
                options={(sessionsQ.data ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.day} ${selection.meeting ? zonedTime(s.startsAt, selection.meeting.timeZone) : ''} ${pick(s.name, s.nameEn)} (${t('docs.sessionRounds', { count: s.rounds })})`,
                }))}
                style={{ width: '100%' }}
                aria-label={t('docs.session')}
                data-testid="doc-session"
              />
            }
            fetch={sessionId ? () => documentsApi.sessionCards(sessionId) : undefined}
          />
        </Col>
        {selection.meeting?.access === 'manage' && (
          <Col {...SPAN}>
            <BooksCard meetingId={m} />
          </Col>
        )}
      </Row>
    </Space>
  );
}
