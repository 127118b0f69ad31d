import type { CompiledQuery, DatabaseConnection, Dialect, Driver, RootOperationNode } from 'kysely';
import type { ReadCache } from './read-cache.js';

/**
 * Every table whose committed change may alter a cached answer (read-cache.ts): a write through this
 * process to one of them drops the cache. The database's change triggers (migration 060) sit on the
 * same tables; cache-writes.test.ts checks the two lists agree, so a table added to the cached reads
 * needs a new migration with its trigger and a line here.
 */
export const CACHED_TABLES: readonly string[] = [
  'clients',
  'media',
  'company_holding',
  'categories',
  'users',
  'companies',
  'holdings',
  'access_tokens',
  // The month (migration 091): the firm's portfolio and review queue.
  'requirement_defaults',
  'requirements',
  'checklist_items',
  'client_periods',
];

/**
 * Columns no cached answer reads: an update that sets only these changes nothing cached (the trigger of
 * migration 070 on access_tokens agrees: it fires on a changed user_id or token_hash, or a delete).
 */
const UNCACHED_COLUMNS: Readonly<Record<string, readonly string[]>> = { access_tokens: ['last_used_at'] };

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge|truncate|alter|drop|create)\b/i;
const RAW_TABLES = new RegExp(`\\b(${CACHED_TABLES.join('|')})\\b`, 'i');

function tablesOf(node: unknown, found: Set<string>, depth = 0): Set<string> {
  if (!node || typeof node !== 'object' || depth > 12) return found;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
  for (const value of Object.values(node)) tablesOf(value, found, depth + 1);
  return found;
}

/** An UPDATE of one table that sets only columns of UNCACHED_COLUMNS. */
function setsOnlyUncachedColumns(node: RootOperationNode, tables: Set<string>): boolean {
  if (node.kind !== 'UpdateQueryNode' || tables.size !== 1) return false;
  const free = UNCACHED_COLUMNS[[...tables][0]];
  const updates = (node as { updates?: { column?: { column?: { name?: string } } }[] }).updates ?? [];
  return !!free && updates.length > 0 && updates.every((u) => free.includes(u.column?.column?.name ?? ''));
}

/** True when the query may change a row that a cached answer reads. */
function changesCachedData(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join(' ');
    return RAW_WRITE.test(text) && RAW_TABLES.test(text);
  }
  if (!WRITE_NODES.has(node.kind)) return false;
  const tables = tablesOf(node, new Set());
  if (setsOnlyUncachedColumns(node, tables)) return false;
  return [...tables].some((t) => CACHED_TABLES.includes(t));
}

interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  wrote: boolean;
}

export interface TrackingOptions {
  /**
   * Wait for the event loop's next turn before each statement outside a transaction (embedded PGlite).
   * PGlite runs a query on this thread and hands its lock to the next queued query promise by promise,
   * so a queue of them never returns to the event loop: while the clients that already have a connection
   * keep it busy, the server accepts a new connection, or reads its request, only between two whole
   * rounds of theirs (seen: the 50th connection of a 50-connection load got its first answer after
   * 6.7 s, every answer itself taking under 40 ms). With a turn per statement, accepts and reads come in
   * between, and a newcomer waits as long as everyone else.
   */
  yieldToEventLoop?: boolean;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The dialect's driver, telling the cache of every committed write to a table the cached answers read:
 * a statement on its own as soon as it ran, a transaction when it commits (a rolled-back one changed
 * nothing). It happens before the query's caller goes on, so before the writing request can answer.
 */
export function writeTrackingDialect(
  dialect: Dialect,
  cache: () => ReadCache | null,
  { yieldToEventLoop = false }: TrackingOptions = {},
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const states = new WeakMap<DatabaseConnection, ConnectionState>();
      const state = (connection: DatabaseConnection) => states.get(connection) as ConnectionState;
      const wrote = () => cache()?.committed();
      const settled = (s: ConnectionState) => {
        const changed = s.wrote;
        s.inTransaction = false;
        s.wrote = false;
        return changed;
      };
      const tracked: Driver = {
        init: (options) => driver.init(options),
        async acquireConnection(options) {
          const inner = await driver.acquireConnection(options);
          const s: ConnectionState = { inner, inTransaction: false, wrote: false };
          const connection: DatabaseConnection = {
            async executeQuery<R>(query: CompiledQuery) {
              if (yieldToEventLoop && !s.inTransaction) await nextTurn();
              const result = await inner.executeQuery<R>(query);
              if (changesCachedData(query.query)) {
                if (s.inTransaction) s.wrote = true;
                else wrote();
              }
              return result;
            },
            streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
          };
          states.set(connection, s);
          return connection;
        },
        async beginTransaction(connection, settings) {
          const s = state(connection);
          if (yieldToEventLoop) await nextTurn();
          await driver.beginTransaction(s.inner, settings);
          s.inTransaction = true;
          s.wrote = false;
        },
        async commitTransaction(connection) {
          const s = state(connection);
          await driver.commitTransaction(s.inner);
          if (settled(s)) wrote();
        },
        async rollbackTransaction(connection) {
          const s = state(connection);
          settled(s);
          await driver.rollbackTransaction(s.inner);
        },
        releaseConnection: (connection, options) => driver.releaseConnection(state(connection).inner, options),
        destroy: (options) => driver.destroy(options),
      };
      if (driver.savepoint) tracked.savepoint = (c, name, compile) => driver.savepoint!(state(c).inner, name, compile);
      if (driver.rollbackToSavepoint)
        tracked.rollbackToSavepoint = (c, name, compile) => driver.rollbackToSavepoint!(state(c).inner, name, compile);
      if (driver.releaseSavepoint)
        tracked.releaseSavepoint = (c, name, compile) => driver.releaseSavepoint!(state(c).inner, name, compile);
      return tracked;
    },
  };
}
