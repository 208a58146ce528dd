/**
 * Timing and data exchange (issue 6): FinishLynx files for the timer (lynx.evt / .ppl / .sch),
 * a heat's `.lif` result file back in, Hy-Tek semicolon entries out and in (with the row
 * report), and the meet as JSON. The exports and Hy-Tek are the meeting's committee's; the
 * `.lif` imports are results entry (`comp:result:entry`), so the referees assigned to the meeting
 * see those cards only.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  EXPORT_ENCODING_LIST,
  type ExportEncoding,
  type ImportMode,
  type ImportReport,
  type LifImportVO,
} from '@baton/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { competitionQueries } from '../../../api/competition';
import { type ExchangeFile, exchangeApi } from '../../../api/competition-exchange';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { canRetryValid, ReportView } from '../../../components/crud/ReportView';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import {
  CompetitionPicker,
  type CompetitionSelection,
  NoCompetitionMeeting,
  useCompetitionLive,
  useCompetitionSelection,
  useRound,
} from '../shared';
import { LifBatch } from './LifBatch';

export default function ExchangePage() {
  const selection = useCompetitionSelection();
  useCompetitionLive(selection.meetingId);
  if (selection.meetingId === undefined) return <NoCompetitionMeeting loading={selection.loading} />;
  return <Exchange selection={selection} meetingId={selection.meetingId} />;
}

/** The exports and the Hy-Tek import (ID numbers): the managers'. The .lif imports: results entry. */
const PERM = {
  export: 'comp:exchange:export',
  import: 'comp:exchange:import',
  lif: 'comp:result:entry',
  hytek: ['comp:exchange:export', 'comp:exchange:import'],
} as const;

function Exchange({ selection, meetingId }: { selection: CompetitionSelection; meetingId: number }) {
  const { t } = useTranslation();
  const can = usePerm();
  const access = selection.meeting?.access;
  const manage = access === 'manage';
  const canExport = manage && can(PERM.export);
  const canImport = manage && can(PERM.import);
  // The referees assigned to the meeting ('officiate') enter its results, photo-finish files too.
  const canLif = (manage || access === 'officiate') && can(PERM.lif);

  // The venue's text files in the encoding its programs read (GBK: FinishLynx or Hy-Tek on a Chinese Windows).
  const [encoding, setEncoding] = useState<ExportEncoding>('utf-8');
  const save = (file: ExchangeFile) =>
    downloadFrom(() => exchangeApi.file(meetingId, file, file === 'meet.json' ? undefined : encoding), file);
  const encodingPicker = (
    <Space size={4}>
      <Typography.Text type="secondary">{t('exchange.encoding.label')}</Typography.Text>
      <Select<ExportEncoding>
        value={encoding}
        onChange={setEncoding}
        options={EXPORT_ENCODING_LIST.map((e) => ({ value: e, label: t(`exchange.encoding.${e}`) }))}
        popupMatchSelectWidth={false}
        style={{ minWidth: 150 }}
        aria-label={t('exchange.encoding.label')}
        data-testid="exchange-encoding"
      />
    </Space>
  );
  const button = (file: ExchangeFile, label: string, testId: string) => (
    <Button icon={<DownloadOutlined />} disabled={!canExport} onClick={() => void save(file)} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exchange-page">
      <CompetitionPicker selection={selection} />
      {!manage && <Alert type="info" showIcon title={t('exchange.lifOnly')} data-testid="exchange-lif-only" />}
      <Row gutter={[16, 16]}>
        <Perm value={PERM.export}>
          <Col xs={24} xl={12}>
            <Card title={t('exchange.lynx.title')} variant="borderless" style={{ height: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('exchange.lynx.hint')}</Typography.Text>
                <Space wrap>
                  {button('lynx.evt', t('exchange.lynx.evt'), 'exchange-evt')}
                  {button('lynx.ppl', t('exchange.lynx.ppl'), 'exchange-ppl')}
                  {button('lynx.sch', t('exchange.lynx.sch'), 'exchange-sch')}
                  {encodingPicker}
                </Space>
              </Space>
            </Card>
          </Col>
        </Perm>
        <Perm value={PERM.lif}>
          <Col xs={24} xl={can(PERM.export) ? 12 : 24}>
            <LifCard selection={selection} enabled={canLif} />
          </Col>
          <Col xs={24}>
            <LifBatch meetingId={meetingId} enabled={canLif} />
          </Col>
        </Perm>
        <Perm value={PERM.hytek}>
          <Col xs={24} xl={12}>
            <Card title={t('exchange.hytek.title')} variant="borderless" style={{ height: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('exchange.hytek.hint')}</Typography.Text>
                {button('hytek.txt', t('exchange.hytek.export'), 'exchange-hytek-export')}
                <HytekImport meetingId={meetingId} enabled={canImport} />
              </Space>
            </Card>
          </Col>
        </Perm>
        <Perm value={PERM.export}>
          <Col xs={24} xl={12}>
            <Card title={t('exchange.json.title')} variant="borderless" style={{ height: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('exchange.json.hint')}</Typography.Text>
                {button('meet.json', t('exchange.json.export'), 'exchange-json')}
              </Space>
            </Card>
          </Col>
        </Perm>
      </Row>
    </Space>
  );
}

/** The encodings the server's text reader reports (server/src/lib/text-file.ts). */
const READ_ENCODINGS = new Set(['utf-8', 'utf-16le', 'utf-16be', 'gb18030', 'windows-1252']);

/**
 * A Hy-Tek file into the meeting: all-or-nothing first; when rows failed and nothing was
 * written, the valid rows may be imported alone. The report lists the problems by line.
 */
function HytekImport({ meetingId, enabled }: { meetingId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = useMutation({
    mutationFn: (mode: ImportMode) => exchangeApi.hytek(meetingId, file!, mode),
    onSuccess: (r) => {
      setReport(r);
      if (r.imported > 0) void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
    },
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap align="start">
        <Upload
          accept=".txt,.csv"
          maxCount={1}
          fileList={file ? [{ uid: 'hytek', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setReport(null);
          }}
          disabled={!enabled}
        >
          <Button icon={<UploadOutlined />} disabled={!enabled} data-testid="exchange-hytek-file">
            {t('exchange.hytek.choose')}
          </Button>
        </Upload>
        <Button
          type="primary"
          disabled={!enabled || !file || report !== null}
          loading={send.isPending}
          onClick={() => send.mutate('all-or-nothing')}
          data-testid="exchange-hytek-import"
        >
          {t('exchange.hytek.import')}
        </Button>
        {canRetryValid(report) && (
          <Button
            danger
            loading={send.isPending}
            onClick={() => send.mutate('valid-only')}
            data-testid="exchange-hytek-valid-only"
          >
            {t('crud.importDialog.validOnly', { count: report?.valid ?? 0 })}
          </Button>
        )}
      </Space>
      {report && <ReportView report={report} />}
      {report?.encoding && (
        <Typography.Text type="secondary" data-testid="exchange-hytek-encoding">
          {t('exchange.encoding.read', {
            encoding: READ_ENCODINGS.has(report.encoding)
              ? t(`exchange.encoding.read_${report.encoding}`)
              : report.encoding,
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** A heat of the chosen round and its `.lif` file; the rows written are listed after the import. */
function LifCard({ selection, enabled }: { selection: CompetitionSelection; enabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const round = useRound(selection.roundId).data;
  const [heatId, setHeatId] = useState<number>();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<LifImportVO | null>(null);
  const heats = round?.heats ?? [];
  const heat = heats.find((h) => h.id === heatId);
  const importLif = useMutation({
    mutationFn: () => exchangeApi.lif(heatId!, file!),
    onSuccess: (vo) => {
      setResult(vo);
      setFile(null);
      message.success(t('exchange.lif.done', { count: vo.rows.length, number: heat?.number ?? '' }));
      void qc.invalidateQueries({ queryKey: competitionQueries.round(vo.roundId).queryKey });
      void qc.invalidateQueries({ queryKey: competitionQueries.events(selection.meetingId).queryKey });
    },
  });

  return (
    <Card title={t('exchange.lif.title')} variant="borderless" style={{ height: '100%' }} data-testid="lif-card">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('exchange.lif.hint')}</Typography.Text>
        <Space wrap align="start">
          <Select
            value={heat?.id}
            onChange={(v: number) => {
              setHeatId(v);
              setResult(null);
            }}
            placeholder={t('exchange.lif.heatPlaceholder')}
            options={heats.map((h) => ({
              value: h.id,
              label: t('exchange.lif.heatOption', { number: h.number, status: t(`comp.status.${h.status}`) }),
            }))}
            style={{ width: 220 }}
            aria-label={t('exchange.lif.heat')}
            data-testid="lif-heat"
          />
          <Upload
            accept=".lif,.txt,.csv"
            maxCount={1}
            fileList={file ? [{ uid: 'lif', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              setFile(f);
              setResult(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            disabled={!enabled}
          >
            <Button icon={<UploadOutlined />} disabled={!enabled} data-testid="lif-file">
              {t('exchange.lif.choose')}
            </Button>
          </Upload>
          <Button
            type="primary"
            disabled={!enabled || !file || heat?.status !== 'set'}
            loading={importLif.isPending}
            onClick={() => importLif.mutate()}
            data-testid="lif-submit"
          >
            {t('exchange.lif.submit')}
          </Button>
        </Space>
        {heat && heat.status !== 'set' && <Alert type="warning" showIcon title={t('exchange.lif.notSet')} />}
        {result && <LifResult result={result} />}
      </Space>
    </Card>
  );
}

function LifResult({ result }: { result: LifImportVO }) {
  const { t } = useTranslation();
  return (
    <div data-testid="lif-result">
      {result.wind !== null && (
        <Typography.Text strong>
          {t('exchange.lif.wind', { wind: `${result.wind > 0 ? '+' : ''}${result.wind.toFixed(1)}` })}
        </Typography.Text>
      )}
      <Table
        size="small"
        rowKey="startId"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={result.rows}
        columns={[
          { title: t('exchange.lif.line'), dataIndex: 'line', width: 56 },
          { title: t('comp.lane'), dataIndex: 'lane', width: 56 },
          { title: t('comp.bib'), dataIndex: 'bib', width: 72 },
          { title: t('comp.name'), dataIndex: 'name' },
          {
            title: t('comp.mark'),
            key: 'mark',
            render: (_, r) => r.mark ?? (r.code ? t(`comp.code.${r.code}`) : ''),
          },
          { title: t('comp.place'), dataIndex: 'place', width: 64 },
          { title: t('comp.reaction'), dataIndex: 'reactionTime', width: 80 },
          {
            title: t('exchange.lif.matchedBy'),
            key: 'matchedBy',
            render: (_, r) => t(`exchange.lif.matched.${r.matchedBy}`),
          },
        ]}
      />
    </div>
  );
}
