/**
 * Several FinishLynx `.lif` files at once (issue 22): a folder's worth of result files (or a zip)
 * dropped in → the review per file (the heat matched, the rows as they would be written, the
 * conflicts in red, each with its control; a heat picker for a file no heat matched) → "Import"
 * once nothing is left unresolved → what was written, with links to the heats' results. The
 * server reviews again on every decision; nothing is written before "Import".
 */
import { CheckCircleTwoTone, InboxOutlined } from '@ant-design/icons';
import type {
  LifCommitVO,
  LifConflictVO,
  LifDecisions,
  LifFileReviewVO,
  LifFolderVO,
  LifResolution,
  LifReviewRowVO,
  LifReviewVO,
} from '@baton/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, List, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { competitionQueries } from '../../../api/competition';
import { exchangeApi, exchangeQueries } from '../../../api/competition-exchange';
import { useTranslation } from '../../../app/i18n';

type FileDecision = LifDecisions['files'][number];

export function LifBatch({ meetingId, enabled }: { meetingId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [decided, setDecided] = useState<Record<number, FileDecision>>({});
  const [review, setReview] = useState<LifReviewVO | null>(null);
  const [done, setDone] = useState<LifCommitVO | null>(null);
  const decisions = (): LifDecisions => ({ files: Object.values(decided) });

  const reviewing = useMutation({
    mutationFn: (d: LifDecisions) => exchangeApi.lifReview(meetingId, files, d),
    onSuccess: setReview,
    onError: () => setReview(null),
  });
  const importing = useMutation({
    mutationFn: () => exchangeApi.lifCommit(meetingId, files, decisions()),
    onSuccess: (vo) => {
      setDone(vo);
      setFiles([]);
      setDecided({});
      setReview(null);
      for (const h of vo.heats)
        void qc.invalidateQueries({ queryKey: competitionQueries.round(h.result.roundId).queryKey });
      void qc.invalidateQueries({ queryKey: competitionQueries.events(meetingId).queryKey });
    },
  });

  // Every change of the files or the decisions is reviewed again by the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mutation object changes on every render
  useEffect(() => {
    if (files.length) reviewing.mutate({ files: Object.values(decided) });
  }, [files, decided]);

  const decide = (f: LifFileReviewVO, change: Partial<FileDecision>) =>
    setDecided((d) => ({
      ...d,
      [f.index]: { ...(d[f.index] ?? { index: f.index, name: f.name }), ...change },
    }));
  const resolve = (f: LifFileReviewVO, c: LifConflictVO, r: LifResolution) =>
    decide(f, { resolutions: { ...(decided[f.index]?.resolutions ?? {}), [c.id]: r } });

  const folder = useQuery({
    ...exchangeQueries.lifFolder(meetingId),
    enabled,
    refetchInterval: 5000,
  });
  const openWaiting = useMutation({
    mutationFn: () =>
      Promise.all((folder.data?.pending ?? []).map((p) => exchangeApi.lifFolderFile(meetingId, p.id, p.name))),
    onSuccess: (list) => {
      setFiles(list);
      setDecided({});
      setDone(null);
      setReview(null);
    },
  });
  useEffect(() => {
    if (done) void folder.refetch();
  }, [done, folder.refetch]);

  const busy = reviewing.isPending || importing.isPending || openWaiting.isPending;
  return (
    <Card title={t('exchange.batch.title')} variant="borderless" data-testid="lif-batch">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('exchange.batch.hint')}</Typography.Text>
        {folder.data?.enabled && <FolderWaiting folder={folder.data} busy={busy} onOpen={() => openWaiting.mutate()} />}
        <Upload.Dragger
          accept=".lif,.zip"
          multiple
          disabled={!enabled || busy}
          showUploadList={false}
          beforeUpload={(f, list) => {
            // Called once per file with the whole drop: take the drop once, at its first file.
            if (f === list[0]) {
              setFiles(list);
              setDecided({});
              setDone(null);
              setReview(null);
            }
            return false;
          }}
          data-testid="lif-batch-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('exchange.batch.drop')}</p>
          <p className="ant-upload-hint">{t('exchange.batch.dropHint')}</p>
        </Upload.Dragger>
        {files.length > 0 && (
          <Space wrap>
            <Typography.Text>{t('exchange.batch.chosen', { count: files.length })}</Typography.Text>
            <Button
              size="small"
              onClick={() => {
                setFiles([]);
                setDecided({});
                setReview(null);
              }}
            >
              {t('exchange.batch.clear')}
            </Button>
          </Space>
        )}
        {review && files.length > 0 && (
          <>
            {review.files.map((f) => (
              <FileReview
                key={f.index}
                file={f}
                review={review}
                busy={busy}
                onHeat={(heatId) => decide(f, { heatId, resolutions: {} })}
                onSkip={(skip) => decide(f, { skip })}
                onResolve={(c, r) => resolve(f, c, r)}
              />
            ))}
            <Space wrap>
              <Button
                type="primary"
                disabled={!enabled || busy || review.unresolved > 0 || review.files.every((f) => f.skipped)}
                loading={importing.isPending}
                onClick={() => importing.mutate()}
                data-testid="lif-batch-import"
              >
                {t('exchange.batch.import', { count: review.files.filter((f) => !f.skipped).length })}
              </Button>
              {review.unresolved > 0 ? (
                <Typography.Text type="danger" data-testid="lif-batch-unresolved">
                  {t('exchange.batch.unresolved', { count: review.unresolved })}
                </Typography.Text>
              ) : (
                <Typography.Text type="success">{t('exchange.batch.ready')}</Typography.Text>
              )}
            </Space>
          </>
        )}
        {done && <Summary meetingId={meetingId} done={done} />}
      </Space>
    </Card>
  );
}

/** The results folder's files waiting for a person (a conflict), opened together in the review. */
function FolderWaiting({ folder, busy, onOpen }: { folder: LifFolderVO; busy: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  if (!folder.pending.length) {
    return <Alert type="success" showIcon title={t('exchange.batch.folder.clear')} data-testid="lif-folder" />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="lif-folder"
      title={t('exchange.batch.folder.waiting', { count: folder.pending.length })}
      description={
        <List
          size="small"
          dataSource={folder.pending}
          renderItem={(p) => (
            <List.Item>
              <Typography.Text strong>{p.name}</Typography.Text>
              <Typography.Text type="danger">{p.problem}</Typography.Text>
            </List.Item>
          )}
        />
      }
      action={
        <Button size="small" type="primary" disabled={busy} onClick={onOpen} data-testid="lif-folder-open">
          {t('exchange.batch.folder.open')}
        </Button>
      }
    />
  );
}

function FileReview(props: {
  file: LifFileReviewVO;
  review: LifReviewVO;
  busy: boolean;
  onHeat: (heatId: number) => void;
  onSkip: (skip: boolean) => void;
  onResolve: (c: LifConflictVO, r: LifResolution) => void;
}) {
  const { t } = useTranslation();
  const { file: f, review } = props;
  const open = f.conflicts.filter((c) => c.resolution === null).length;
  return (
    <Card
      size="small"
      type="inner"
      data-testid="lif-batch-file"
      title={
        <Space wrap size={4}>
          <Typography.Text strong>{f.name}</Typography.Text>
          {f.encoding && <Tag>{f.encoding}</Tag>}
          {f.slot && <Tag>{`${f.slot.event}-${f.slot.round}-${f.slot.heat}`}</Tag>}
          {f.skipped ? (
            <Tag>{t('exchange.batch.skipped')}</Tag>
          ) : open ? (
            <Tag color="error">{t('exchange.batch.conflicts', { count: open })}</Tag>
          ) : (
            <Tag color="success">{t('exchange.batch.ok')}</Tag>
          )}
        </Space>
      }
      extra={
        <Checkbox checked={f.skipped} disabled={props.busy} onChange={(e) => props.onSkip(e.target.checked)}>
          {t('exchange.batch.skip')}
        </Checkbox>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('exchange.batch.heat')}</Typography.Text>
          <Select
            value={f.heatId ?? undefined}
            placeholder={t('exchange.batch.pickHeat')}
            disabled={props.busy || f.skipped}
            onChange={(v: number) => props.onHeat(v)}
            options={review.heats.map((h) => ({ value: h.heatId, label: h.label }))}
            style={{ minWidth: 260, maxWidth: '100%' }}
            popupMatchSelectWidth={false}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('exchange.batch.heat')}
            data-testid="lif-batch-heat"
          />
          {f.matchedBy && (
            <Typography.Text type="secondary">{t(`exchange.batch.matched.${f.matchedBy}`)}</Typography.Text>
          )}
          {f.wind !== null && (
            <Typography.Text>
              {t('exchange.lif.wind', { wind: `${f.wind > 0 ? '+' : ''}${f.wind.toFixed(1)}` })}
            </Typography.Text>
          )}
          {f.windText && f.wind === null && f.heatId !== null && (
            <Typography.Text type="secondary">{t('exchange.batch.noWind', { text: f.windText })}</Typography.Text>
          )}
        </Space>
        {!f.skipped &&
          f.conflicts.map((c) => <ConflictRow key={c.id} conflict={c} busy={props.busy} onResolve={props.onResolve} />)}
        {!f.skipped && f.rows.length > 0 && <Rows rows={f.rows} />}
      </Space>
    </Card>
  );
}

function ConflictRow({
  conflict: c,
  busy,
  onResolve,
}: {
  conflict: LifConflictVO;
  busy: boolean;
  onResolve: (c: LifConflictVO, r: LifResolution) => void;
}) {
  const { t } = useTranslation();
  const settled = c.resolution !== null;
  return (
    <Alert
      type={settled ? 'success' : 'error'}
      showIcon
      data-testid="lif-batch-conflict"
      data-kind={c.kind}
      title={
        <Space wrap>
          <span>
            {c.line !== null && <Typography.Text strong>{t('exchange.batch.line', { line: c.line })} </Typography.Text>}
            {c.message}
          </span>
          {c.options.length > 0 && (
            <Select<LifResolution>
              size="small"
              value={c.resolution ?? undefined}
              placeholder={t('exchange.batch.resolve')}
              disabled={busy}
              onChange={(r) => onResolve(c, r)}
              options={c.options.map((o) => ({ value: o, label: t(`exchange.batch.resolution.${o}`) }))}
              style={{ minWidth: 180 }}
              popupMatchSelectWidth={false}
              aria-label={t('exchange.batch.resolve')}
              data-testid="lif-batch-resolve"
            />
          )}
          {c.options.length === 0 && !settled && (
            <Typography.Text type="secondary">
              {t(`exchange.batch.fileLevel.${c.kind}`, { defaultValue: '' })}
            </Typography.Text>
          )}
        </Space>
      }
    />
  );
}

function Rows({ rows }: { rows: LifReviewRowVO[] }) {
  const { t } = useTranslation();
  return (
    <Table<LifReviewRowVO>
      size="small"
      rowKey="line"
      pagination={false}
      scroll={{ x: 640 }}
      dataSource={rows}
      rowClassName={(r) => (r.skipped ? 'ant-table-row-disabled' : '')}
      columns={[
        { title: t('exchange.lif.line'), dataIndex: 'line', width: 56 },
        {
          title: t('exchange.batch.inFile'),
          key: 'file',
          render: (_, r) => (
            <Typography.Text type="secondary">
              {[
                r.file.place,
                r.file.id && `ID ${r.file.id}`,
                r.file.lane !== null && `L${r.file.lane}`,
                r.file.name,
                r.file.time,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          ),
        },
        { title: t('comp.lane'), dataIndex: 'lane', width: 56 },
        { title: t('comp.bib'), dataIndex: 'bib', width: 72 },
        {
          title: t('comp.name'),
          key: 'name',
          render: (_, r) => (r.skipped ? <Tag>{t('exchange.batch.rowSkipped')}</Tag> : r.name),
        },
        {
          title: t('comp.mark'),
          key: 'mark',
          width: 90,
          render: (_, r) => r.mark ?? (r.code ? t(`comp.code.${r.code}`) : ''),
        },
        { title: t('comp.place'), dataIndex: 'place', width: 64 },
        {
          title: t('comp.reaction'),
          key: 'reaction',
          width: 80,
          render: (_, r) => (r.reactionTime === null ? '' : r.reactionTime.toFixed(3)),
        },
      ]}
    />
  );
}

function Summary({ meetingId, done }: { meetingId: number; done: LifCommitVO }) {
  const { t } = useTranslation();
  return (
    <div data-testid="lif-batch-done">
      <Alert type="success" showIcon title={t('exchange.batch.done', { count: done.heats.length })} />
      <List
        size="small"
        dataSource={done.heats}
        renderItem={(h) => (
          <List.Item>
            <Space wrap>
              <CheckCircleTwoTone twoToneColor="#52c41a" />
              <Link
                to={`/competition/results?meetingId=${meetingId}&groupItemId=${h.groupItemId}&roundId=${h.result.roundId}&heatId=${h.result.heatId}`}
                data-testid="lif-batch-link"
              >
                {h.heatLabel}
              </Link>
              <Typography.Text type="secondary">
                {t('exchange.batch.written', {
                  file: h.fileName,
                  rows: h.result.rows.length,
                  changes: h.result.changes.length,
                })}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
