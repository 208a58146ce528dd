import { Progress, Typography } from 'antd';
import type { JobLike } from '../hooks/useJob';

/**
 * A server job's progress bar (`done / total` steps) and, while it runs, a line saying so: the
 * one way the pages show long work (books, "Generate all").
 */
export function JobProgress({
  job,
  label,
  running,
  testId,
}: {
  job: JobLike;
  /** The bar's accessible name. */
  label: string;
  /** The line under the bar while the job runs. */
  running: string;
  testId: string;
}) {
  const percent = job.status === 'done' ? 100 : Math.floor((job.done / job.total) * 100);
  return (
    <div>
      <Progress
        percent={percent}
        status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : 'success'}
        // Until the job has said how much there is (its first report), no count.
        format={() => (job.status === 'running' && job.total <= 1 ? '' : `${job.done} / ${job.total}`)}
        aria-label={label}
        data-testid={testId}
      />
      {job.status === 'running' && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {running}
        </Typography.Text>
      )}
    </div>
  );
}
