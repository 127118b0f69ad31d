import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { inlineValues } from './inline-values.js';
import { PLAN_CACHE_MODE, PLANNED_EACH_TIME } from './prepared-statements.js';

/** Distinct statements kept prepared; later new texts go through PGlite's own query (planned each time). */
const MAX_PREPARED = 500;

/** The parts of PGlite this driver uses beyond its typed API: its query lock and its value converters. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Named prepared statements on embedded PGlite, as infra/prepared-statements.ts gives PostgreSQL.
 * `PGlite.query` parses, describes and plans its statement on every call, each step a separate call into
 * the WebAssembly module (one indexed select: 1.46 ms); a statement parsed once under a name is bound
 * and run in one call (0.24 ms) on the plan it got the first time (PLAN_CACHE_MODE, set here). Statements
 * with values are prepared, the first time their text is seen; a PLANNED_EACH_TIME one goes as a simple
 * query with its values written in (planned for them, in one call instead of six); those without values
 * (BEGIN, scripts) keep `query`. Queries inside `transaction()` use PGlite's own path. The query lock is
 * PGlite's, so statements still run one at a time, and notifications are handed over as by `query`.
 */
export async function preparedPGliteStatements(pglite: PGlite): Promise<void> {
  await pglite.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  const db = pglite as unknown as PGlite & PGliteInternals;
  const query = pglite.query.bind(pglite);
  const known = new Map<string, { name: string; types: number[] }>();
  /** Parses `text` under `name`; with its parameters' types. */
  const parsed = async (name: string, text: string) => {
    const { messages } = await db.execProtocol(
      joined([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return { name, types: parse.parseDescribeStatementResults(messages) };
  };
  const results = async (message: Uint8Array): Promise<Results> => {
    const { messages } = await db.execProtocol(message, { syncToFs: false });
    return parse.parseResults(messages, db.parsers, { rowMode: 'object' })[0];
  };
  const run = async (text: string, params: unknown[]): Promise<Results> => {
    if (text.includes(PLANNED_EACH_TIME)) return results(protocol.serialize.query(inlineValues(text, params)));
    let statement = known.get(text);
    if (!statement) {
      statement = await parsed(`d_${known.size}`, text);
      known.set(text, statement);
    }
    const { types } = statement;
    const values = params.map((value, i) =>
      value === null || value === undefined ? null : (db.serializers[types[i]] ?? String)(value),
    );
    return results(
      joined([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
  };
  (pglite as { query: unknown }).query = async (text: string, params?: unknown[], options?: { rowMode?: string }) => {
    const ours =
      Array.isArray(params) &&
      params.length > 0 &&
      (options === undefined || Object.keys(options).every((k) => k === 'rowMode' && options.rowMode === 'object')) &&
      (known.has(text) || known.size < MAX_PREPARED || text.includes(PLANNED_EACH_TIME));
    if (!ours) return query(text, params, options as Parameters<typeof query>[2]);
    await db._checkReady();
    return db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(text, params)));
  };
}
