import { sql, type RawBuilder } from 'kysely';

/**
 * Pieces of answers PostgreSQL writes as JSON itself (lib/json-text.ts): each renders a value exactly as
 * the presenters in TypeScript do, so an answer reads the same whichever side wrote it.
 */

/** A timestamptz as `Date.toISOString()` writes it (UTC, milliseconds, `Z`); null stays null. */
export const isoTime = (column: string): RawBuilder<string | null> =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
