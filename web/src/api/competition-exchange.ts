/**
 * Timing and data exchange (issue 6): FinishLynx files out and `.lif` results in, Hy-Tek
 * semicolon entry files out and in, the meet as JSON.
 */
import type { ExportEncoding, ImportMode, ImportReport, LifImportVO } from '@baton/contracts';
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
  /** Athletes and entries from a Hy-Tek semicolon file. */
  hytek: (meetingId: number, file: File, mode: ImportMode) => {
    const data = new FormData();
    data.append('file', file);
    return request<ImportReport>({ url: `${base(meetingId)}/hytek`, method: 'post', params: { mode }, data });
  },
};
