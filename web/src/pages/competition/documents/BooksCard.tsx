/**
 * The books of a meeting (issue 24): the programme (秩序册) and the results book (成绩册), each one
 * PDF the server makes as a job from the live data. The card starts the job with the edition's
 * language and paper, follows its progress (sections done of total) every half second, then
 * offers the file; the server hands back the same file while the data is unchanged.
 */
import { BookOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { BookJobVO, BookKind, BookPaper, Lang } from '@baton/contracts';
import { Alert, App, Button, Card, Checkbox, Progress, Segmented, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { booksApi } from '../../../api/competition-documents';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { useAppStore } from '../../../stores/app';

const POLL_MS = 500;

export function BooksCard({ meetingId }: { meetingId: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((s) => s.language);
  const [book, setBook] = useState<BookKind>('programme');
  const [lang, setLang] = useState<Lang>(language);
  const [paper, setPaper] = useState<BookPaper>('A4');
  const [bilingual, setBilingual] = useState(false);
  // The job belongs to the meeting it was started in.
  const [started, setStarted] = useState<{ meetingId: number; job: BookJobVO } | null>(null);
  const [busy, setBusy] = useState(false);
  const job = started && started.meetingId === meetingId ? started.job : null;
  const running = job?.status === 'running';

  useEffect(() => {
    if (!started || started.job.status !== 'running') return;
    const timer = setTimeout(() => {
      booksApi
        .book(started.meetingId, started.job.id)
        .then((next) => setStarted({ meetingId: started.meetingId, job: next }))
        // The request layer has said why; the job is no longer followed.
        .catch(() => setStarted(null));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [started]);

  const start = async () => {
    if (!meetingId) return;
    setBusy(true);
    try {
      setStarted({ meetingId, job: await booksApi.startBook(meetingId, { book, lang, paper, bilingual }) });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!meetingId || !job) return;
    const name = await downloadFrom(() => booksApi.bookFile(meetingId, job.id), `${job.book}.pdf`);
    if (name) message.success(t('docs.saved', { name }));
  };

  const choice = (changed: () => void) => () => {
    changed();
    // Another edition: the shown job no longer matches the choices.
    setStarted(null);
  };
  const percent = job ? Math.floor((job.done / job.total) * 100) : 0;

  return (
    <Card size="small" style={{ height: '100%' }} data-testid="doc-books">
      <Space orientation="vertical" size={10} style={{ width: '100%' }}>
        <Space size={8}>
          <span style={{ fontSize: 18 }}>
            <BookOutlined />
          </span>
          <Typography.Text strong>{t('docs.books')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('docs.booksDesc')}
        </Typography.Text>
        <Segmented<BookKind>
          block
          value={book}
          onChange={(v) => choice(() => setBook(v))()}
          options={[
            { value: 'programme', label: t('docs.programme') },
            { value: 'results', label: t('docs.resultsBook') },
          ]}
          aria-label={t('docs.bookKind')}
          data-testid="doc-books-kind"
        />
        <Space wrap size={8}>
          <Segmented<Lang>
            value={lang}
            onChange={(v) => choice(() => setLang(v))()}
            options={[
              { value: 'zh-cn', label: t('docs.editionZh') },
              { value: 'en', label: t('docs.editionEn') },
            ]}
            aria-label={t('docs.edition')}
            data-testid="doc-books-lang"
          />
          <Segmented<BookPaper>
            value={paper}
            onChange={(v) => choice(() => setPaper(v))()}
            options={['A4', 'A5']}
            aria-label={t('docs.paper')}
            data-testid="doc-books-paper"
          />
          <Checkbox
            checked={bilingual}
            onChange={(e) => choice(() => setBilingual(e.target.checked))()}
            data-testid="doc-books-bilingual"
          >
            {t('docs.bilingual')}
          </Checkbox>
        </Space>
        {job && (
          <Progress
            percent={job.status === 'done' ? 100 : percent}
            status={job.status === 'failed' ? 'exception' : running ? 'active' : 'success'}
            format={() => `${job.done} / ${job.total}`}
            aria-label={t('docs.bookProgress')}
            data-testid="doc-books-progress"
          />
        )}
        {job && running && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('docs.bookRunning', { done: job.done, total: job.total })}
          </Typography.Text>
        )}
        {job?.status === 'failed' && <Alert type="error" showIcon title={job.error ?? t('docs.bookFailed')} />}
        {job?.status === 'done' && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="doc-books-ready">
            {t('docs.bookReady', { pages: job.pages ?? 0, size: ((job.bytes ?? 0) / 1e6).toFixed(1) })}
            {job.stale ? ` ${t('docs.bookStale')}` : ''}
          </Typography.Text>
        )}
        <Space wrap size={8}>
          <Button
            type={job?.status === 'done' ? 'default' : 'primary'}
            icon={<FilePdfOutlined />}
            loading={busy || running}
            disabled={!meetingId}
            onClick={() => void start()}
            data-testid="doc-books-generate"
          >
            {job?.status === 'done' && !job.stale ? t('docs.bookAgain') : t('docs.bookGenerate')}
          </Button>
          {job?.status === 'done' && (
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => void save()}
              data-testid="doc-books-download"
            >
              {t('docs.download')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}
