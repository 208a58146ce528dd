import { RESULT_CODES, type ResultCode } from '@baton/contracts';

/**
 * A failure the user should hear about: a catalogue code, optional message parameters, and
 * optionally a specific message (both languages) instead of the catalogue text.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ResultCode,
    readonly params: Record<string, string | number> = {},
    readonly text?: { zh: string; en: string },
    status?: number,
  ) {
    super(text?.en ?? code);
    this.status = status ?? RESULT_CODES[code].status;
  }
}

export const notFound = () => new AppError('A0404');
export const forbidden = () => new AppError('A0301');
export const badInput = (zh: string, en: string) => new AppError('A0400', { detail: en }, { zh, en });

/** A message in the request's language. */
export const say = (lang: string, zh: string, en: string) => (lang === 'en' ? en : zh);
