import type { DatabaseConnection, Dialect, Driver } from 'kysely';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The dialect of embedded PGlite, waiting for the event loop's next turn before each statement outside a
 * transaction. PGlite runs a query on this thread and hands its lock to the next queued query promise by
 * promise, so a queue of them never returns to the event loop: while the clients that already have a
 * connection keep it busy, the server accepts a new connection, or reads its request, only between two
 * whole rounds of theirs (seen: the 50th connection of a 50-connection load got its first answer after
 * 6.7 s, every answer itself taking under 40 ms). With a turn per statement, accepts and reads come in
 * between, and a newcomer waits as long as everyone else.
 */
export function yieldingDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const inTransaction = new WeakSet<DatabaseConnection>();
      const of = (connection: DatabaseConnection) => inner.get(connection) as DatabaseConnection;
      const yielding: Driver = {
        init: (options) => driver.init(options),
        async acquireConnection(options) {
          const connection = await driver.acquireConnection(options);
          const wrapped: DatabaseConnection = {
            async executeQuery(query) {
              if (!inTransaction.has(wrapped)) await nextTurn();
              return connection.executeQuery(query);
            },
            streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
          };
          inner.set(wrapped, connection);
          return wrapped;
        },
        async beginTransaction(connection, settings) {
          await nextTurn();
          await driver.beginTransaction(of(connection), settings);
          inTransaction.add(connection);
        },
        async commitTransaction(connection) {
          inTransaction.delete(connection);
          await driver.commitTransaction(of(connection));
        },
        async rollbackTransaction(connection) {
          inTransaction.delete(connection);
          await driver.rollbackTransaction(of(connection));
        },
        releaseConnection: (connection, options) => driver.releaseConnection(of(connection), options),
        destroy: (options) => driver.destroy(options),
      };
      if (driver.savepoint) yielding.savepoint = (c, name, compile) => driver.savepoint!(of(c), name, compile);
      if (driver.rollbackToSavepoint)
        yielding.rollbackToSavepoint = (c, name, compile) => driver.rollbackToSavepoint!(of(c), name, compile);
      if (driver.releaseSavepoint)
        yielding.releaseSavepoint = (c, name, compile) => driver.releaseSavepoint!(of(c), name, compile);
      return yielding;
    },
  };
}
