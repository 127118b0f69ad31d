import { sql, type RawBuilder } from 'kysely';

/**
 * Pieces of answers PostgreSQL writes as JSON itself (lib/json-text.ts): each renders a value exactly as
 * the presenters in TypeScript do, so an answer reads the same whichever side wrote it.
 *
 * A page's rows are written as text (objectText, arrayText) rather than by json_build_object and
 * json_agg, which build every row as a JSON value first and print it after: the client list's statement
 * took 0.56–0.59 ms that way against 0.45–0.47 ms as text (docs/ARCHITECTURE.md, "Request flow").
 */

/** A timestamptz as `Date.toISOString()` writes it (UTC, milliseconds, `Z`); null stays null. */
export const isoTime = (column: string): RawBuilder<string | null> =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as JSON text: strings quoted and escaped by PostgreSQL's to_json, null as null. */
export const jsonText = (value: RawBuilder<unknown>): RawBuilder<string> =>
  sql`coalesce(to_json(${value})::text, 'null')`;

/** A timestamptz as JSON text: isoTime in quotes, null as null. */
export const isoTimeText = (column: string): RawBuilder<string> =>
  sql`coalesce('"' || ${isoTime(column)} || '"', 'null')`;

/**
 * A JSON object as text, its members in the order given. Each value must already be JSON text that is
 * never null: jsonText, isoTimeText, another objectText, or a number or boolean column that is never
 * null (PostgreSQL writes those as JSON does).
 */
export function objectText(members: Record<string, RawBuilder<unknown>>): RawBuilder<string> {
  const parts = Object.entries(members).map(
    ([key, value], i) => sql`${sql.lit(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`)} || ${value}`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** An aggregate: the rows' `element` (JSON text) as a JSON array in `order`; an empty array without rows. */
export const arrayText = (element: RawBuilder<string>, order: RawBuilder<unknown>): RawBuilder<string> =>
  sql`coalesce('[' || string_agg(${element}, ',' order by ${order}) || ']', '[]')`;

/** `{"id":…,"name":…}` as JSON text, or null when either is null (a left join that found nothing). */
export const namedText = (id: RawBuilder<unknown>, name: RawBuilder<unknown>): RawBuilder<string> =>
  sql`case when ${id} is not null and ${name} is not null
    then ${objectText({ id, name: jsonText(name) })} else 'null' end`;
