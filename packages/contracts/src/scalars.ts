/**
 * The scalar schemas every contract file builds its bodies, queries and answers from: one
 * definition each, so an id, a version or a line of text is checked the same everywhere.
 * Internal to the package (index.ts does not re-export it).
 */
import { Type } from 'typebox';

/** A row id in a path, query or body: a positive PostgreSQL integer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** The optimistic-lock version a form sends back. */
export const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A display order. */
export const Sort = Type.Integer({ minimum: -100_000, maximum: 100_000, default: 0 });
/** A count in an answer. */
export const Count = Type.Integer({ minimum: 0 });
/** An ISO 8601 timestamp in an answer. */
export const Timestamp = Type.String({ description: 'ISO 8601' });
/**
 * An ISO 8601 timestamp in the answers of the system console (users, roles, depts, dicts, config,
 * logs): `Timestamp` without its description, as those answers have always been documented.
 */
export const PlainTimestamp = Type.String();
/** A calendar date `2025-05-01`. */
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** An ISO date-time with its offset, `2025-05-01T08:00:00+08:00` or `...Z`. */
export const DateTimeText = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?$',
});
/** The optional search words of a list. */
export const Keywords = Type.Optional(Type.String({ maxLength: 100 }));
/** Plain text of a form field: no control characters. */
export const Text = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
/** One of a list of string literals (an `enum` in the JSON schema). */
export const Literals = <const T extends string>(values: readonly T[]) => Type.Enum(values);
