import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * The embedded database behind Kysely, written on Kysely's public dialect API (its own PGlite dialect
 * needs a newer Node than the one this product supports). PGlite is one session: a transaction runs
 * inside `pglite.transaction()`, which holds the session until it ends, so a query of another request
 * waits for it instead of landing inside it.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: Pick<PGlite, 'query' | 'transaction' | 'close' | 'closed'>) {}

  createAdapter() {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** One session: the migrator's lock is the session itself. */
class PGliteAdapter extends PostgresAdapter {
  get supportsMultipleConnections(): boolean {
    return false;
  }

  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

type Queryable = Pick<PGliteTransaction, 'query'>;

class PGliteDriver implements Driver {
  constructor(private readonly pglite: Pick<PGlite, 'query' | 'transaction' | 'close' | 'closed'>) {}

  async init(): Promise<void> {}

  /** A handle per unit of work: a transaction's queries go to its own handle, everyone else's wait for it. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  private transaction: Queryable | null = null;
  private finish: ((commit: boolean) => void) | null = null;
  private finished: Promise<void> | null = null;

  constructor(private readonly pglite: Pick<PGlite, 'query' | 'transaction'>) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target: Queryable = this.transaction ?? this.pglite;
    const { affectedRows, rows } = await target.query<R>(compiled.sql, compiled.parameters as unknown[], {
      rowMode: 'object',
    });
    return { rows, numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows) };
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; PGlite has no cursors
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  /** Opens PGlite's transaction and keeps it open until `end`. */
  async begin(): Promise<void> {
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const outcome = new Promise<boolean>((resolve) => (this.finish = resolve));
    this.finished = this.pglite.transaction(async (tx) => {
      this.transaction = tx;
      opened();
      if (!(await outcome)) await tx.rollback();
    });
    // A transaction that fails to open rejects `finished` before `opened` is called.
    await Promise.race([open, this.finished]);
  }

  async end(commit: boolean): Promise<void> {
    this.finish?.(commit);
    try {
      if (commit) await this.finished;
      else await this.finished?.catch(() => undefined);
    } finally {
      this.transaction = null;
      this.finish = null;
      this.finished = null;
    }
  }
}
