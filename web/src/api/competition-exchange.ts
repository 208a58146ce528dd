/**
 * Timing and data exchange (issue 6): FinishLynx files out and `.lif` results in, Hy-Tek
 * semicolon entry files out and in, the meet as JSON.
 */
import type {
  ExportEncoding,
  ImportMode,
  ImportReport,
  LifCommitVO,
  LifDecisions,
  LifFolderVO,
  LifImportVO,
  LifReviewVO,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { blob, request } from './request';

const base = (meetingId: number) => `/api/v1/competition/meetings/${meetingId}/exchange`;

export type ExchangeFile = 'lynx.evt' | 'lynx.ppl' | 'lynx.sch' | 'hytek.txt' | 'meet.json';

export const exchangeApi = {
  /**
   * A download: the FinishLynx files, the Hy-Tek entry file (in the encoding the operator picks,
   * UTF-8 by default) or the meet as JSON.
   */
  file: (meetingId: number, file: ExchangeFile, encoding?: ExportEncoding) =>
    blob(`${base(meetingId)}/${file}`, encoding ? { encoding } : undefined),
  /** A FinishLynx `.lif` result file into one published heat. */
  lif: (heatId: number, file: File) => {
    const data = new FormData();
    data.append('file', file);
    return request<LifImportVO>({ url: `/api/v1/competition/heats/${heatId}/lif`, method: 'post', data });
  },
  /** Several `.lif` files (or zips of them) reviewed against the meeting's heats; nothing is written. */
  lifReview: (meetingId: number, files: File[], decisions: LifDecisions) =>
    request<LifReviewVO>({ url: `${base(meetingId)}/lif/review`, method: 'post', data: lifForm(files, decisions) }),
  /** The same files with the decisions: every file written in one transaction, or none. */
  lifCommit: (meetingId: number, files: File[], decisions: LifDecisions) =>
    request<LifCommitVO>({ url: `${base(meetingId)}/lif/commit`, method: 'post', data: lifForm(files, decisions) }),
  /** The results folder the server watches (LYNX_DIR) and its files waiting for a person. */
  lifFolder: (meetingId: number) => request<LifFolderVO>({ url: `${base(meetingId)}/lif/folder`, method: 'get' }),
  /** A waiting file of the results folder, as a File for the review. */
  lifFolderFile: async (meetingId: number, id: number, name: string) => {
    const res = await blob(`${base(meetingId)}/lif/folder/${id}`);
    return new File([res.data], name);
  },
  /** Athletes and entries from a Hy-Tek semicolon file. */
  hytek: (meetingId: number, file: File, mode: ImportMode) => {
    const data = new FormData();
    data.append('file', file);
    return request<ImportReport>({ url: `${base(meetingId)}/hytek`, method: 'post', params: { mode }, data });
  },
};

/** The files with their names (a `name` part after each `file`), and the decisions as JSON. */
function lifForm(files: File[], decisions: LifDecisions) {
  const data = new FormData();
  for (const f of files) {
    data.append('file', f);
    data.append('name', f.webkitRelativePath || f.name);
  }
  data.append('decisions', JSON.stringify(decisions));
  return data;
}

export const exchangeQueries = {
  all: ['exchange'] as const,
  lifFolder: (meetingId: number) =>
    queryOptions({
      queryKey: [...exchangeQueries.all, 'lif-folder', meetingId],
      queryFn: () => exchangeApi.lifFolder(meetingId),
    }),
};
