import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import type { RealtimeHub } from '../../../plugins/realtime.js';

/** What the call room's files share: their dependencies, the 409, how a mark was made, a typed bib. */

export interface CallRoomDeps {
  db: Db;
  hub: RealtimeHub;
}

/** A state that forbids the write: 409 with its own message. */
export const conflict = (zh: string, en: string) => new AppError('A0409', {}, { zh, en });

export type CheckInVia = 'tap' | 'scan' | 'bib';

/** A typed bib ("101", "A-12"); anything else is neither a bib nor a bib's QR code. */
export const BIB = /^[A-Za-z0-9-]{1,20}$/;
