import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { inlineValues } from './inline-values.js';

/** Distinct statements a connection keeps prepared; later new texts run unnamed (parsed and planned on each call). */
const MAX_PER_CONNECTION = 500;
const names = new Map<string, string>();

/**
 * A statement whose text holds this comment is planned on every call (never prepared): its best plan
 * depends on the values (a search term's selectivity), which a generic plan cannot see. It goes with its
 * values written in (inline-values.ts), so the setting below does not reach it.
 */
export const PLANNED_EACH_TIME = '/* planned each time */';

/**
 * Every connection's plan_cache_mode: a prepared statement keeps one generic plan from its first call.
 * Left to choose, PostgreSQL plans each call again whenever the generic plan looks dearer than the
 * call's own, and it often does without being slower: a page's `offset $2` is guessed at a tenth of the
 * table, an array parameter at ten elements. The client list, the checklist and the month's grid were
 * re-planned on every call that way (0.5–0.9 ms of each call's database time, docs/ARCHITECTURE.md,
 * "Statements"). PostgreSQL's connections get it as a startup option (SESSION_OPTIONS), PGlite's
 * session by `set` (pglite-statements.ts).
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * PostgreSQL's session settings, as a startup option: PLAN_CACHE_MODE, and no JIT. PostgreSQL compiles a
 * statement with LLVM when its estimated cost passes jit_above_cost, and a statement planned for its values
 * (PLANNED_EACH_TIME) is estimated whole each call: the month's grid filtered by status and searched took
 * 1.85–2.06 s on 10,000 clients, of which 1.77 s was JIT compiling (EXPLAIN ANALYZE: generation, inlining,
 * optimisation, emission), and 0.21 s without it. Short statements never gain what compiling costs.
 */
export const SESSION_OPTIONS = `-c plan_cache_mode=${PLAN_CACHE_MODE} -c jit=off`;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `d_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < 10 * MAX_PER_CONNECTION) names.set(text, name);
  }
  return name;
}

/**
 * Every parameterised statement becomes a named prepared statement of its connection: PostgreSQL parses
 * and plans it once per connection instead of once per call (PLAN_CACHE_MODE). Parse and plan were most of
 * a small query's time (EXPLAIN of the client view's media select: 3.7 ms parse + 4.7 ms bind against
 * 1.0 ms execute). Kysely sends every statement as (text, values); a statement without values (BEGIN,
 * COMMIT, a migration's script of several statements) keeps the simple protocol, and so does a
 * PLANNED_EACH_TIME one, its values written in.
 */
export function preparedStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    const known = new Set<string>();
    // `rest`: a callback, as pool.query passes one; every other form goes on unchanged.
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
        return query(text, values, ...rest);
      if (text.includes(PLANNED_EACH_TIME)) return query(inlineValues(text, values), undefined, ...rest);
      const name = nameOf(text);
      if (!known.has(name)) {
        if (known.size >= MAX_PER_CONNECTION) return query(text, values, ...rest);
        known.add(name);
      }
      return query({ name, text, values } satisfies QueryConfig, ...rest);
    };
  });
}
