import { useCallback, useEffect, useState } from 'react';

/** What every server job answers (contracts' JobFields): enough to follow it. */
export interface JobLike {
  id: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
}

const POLL_MS = 500;

/**
 * Follows a job of the server's long work (lib/jobs.ts: a book, "Generate all") for the page:
 * `follow(meetingId, job)` with the start request's answer, then the job is asked again every
 * half second while it runs. The job belongs to the meeting it was started in (`jobOf(meetingId)`
 * is null for another one). If asking fails (the request layer has said why), it is no longer
 * followed.
 */
export function useJob<J extends JobLike>(poll: (meetingId: number, jobId: string) => Promise<J>) {
  const [followed, setFollowed] = useState<{ meetingId: number; job: J } | null>(null);

  useEffect(() => {
    if (!followed || followed.job.status !== 'running') return;
    const { meetingId, job } = followed;
    const timer = setTimeout(() => {
      poll(meetingId, job.id)
        .then((next) => setFollowed({ meetingId, job: next }))
        .catch(() => setFollowed(null));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [followed, poll]);

  const follow = useCallback((meetingId: number, job: J) => setFollowed({ meetingId, job }), []);
  const reset = useCallback(() => setFollowed(null), []);
  const jobOf = (meetingId: number | undefined) => (followed && followed.meetingId === meetingId ? followed.job : null);
  return { jobOf, follow, reset };
}
