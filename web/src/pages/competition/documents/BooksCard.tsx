/**
 * The books of a meeting (issue 24): the programme (秩序册) and the results book (成绩册), each one
 * PDF the server makes as a job from the live data. The card starts the job with the edition's
 * language and paper, follows its progress (sections done of total, `useJob`), then offers the
 * file; the server hands back the same file while the data is unchanged.
 */
import { BookOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { BookJobVO, BookKind, BookPaper, Lang } from '@baton/contracts';
import { Alert, App, Button, Card, Checkbox, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { booksApi } from '../../../api/competition-documents';
import { useTranslation } from '../../../app/i18n';
import { downloadFrom } from '../../../components/crud';
import { JobProgress } from '../../../components/JobProgress';
import { useJob } from '../../../hooks/useJob';
import { useAppStore } from '../../../stores/app';

export function BooksCard({ meetingId }: { meetingId: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((s) => s.language);
  const [book, setBook] = useState<BookKind>('programme');
  const [lang, setLang] = useState<Lang>(language);
  const [paper, setPaper] = useState<BookPaper>('A4');
  const [bilingual, setBilingual] = useState(false);
  const { jobOf, follow, reset } = useJob<BookJobVO>(booksApi.book);
  const [busy, setBusy] = useState(false);
  const job = jobOf(meetingId);
  const running = job?.status === 'running';

  const start = async () => {
    if (!meetingId) return;
    setBusy(true);
    try {
      follow(meetingId, await booksApi.startBook(meetingId, { book, lang, paper, bilingual }));
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
    reset();
  };

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
          <JobProgress
            job={job}
            label={t('docs.bookProgress')}
            running={t('docs.bookRunning', { done: job.done, total: job.total })}
            testId="doc-books-progress"
          />
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
