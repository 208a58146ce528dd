import { formatMessage, type Lang, RESULT_CODES, type ResultCode } from '@baton/contracts';

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

/** An error's message in a language, as the envelope would show it. */
export function messageOf(err: AppError, lang: Lang): string {
  if (err.text) {
    const detail = lang === 'en' ? err.text.en : err.text.zh;
    return err.code === 'A0400' ? formatMessage('A0400', lang, { detail }) : detail;
  }
  return formatMessage(err.code, lang, err.params);
}

/** An error's message in both languages (a job keeps it to answer whoever asks). */
export const textsOf = (err: AppError) => ({ zh: messageOf(err, 'zh-cn'), en: messageOf(err, 'en') });

/** A message in the request's language. */
export const say = (lang: string, zh: string, en: string) => (lang === 'en' ? en : zh);
