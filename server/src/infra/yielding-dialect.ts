import { PGliteAdapter, type DatabaseConnection, type Dialect, type Driver, type PGliteDialect } from 'kysely';
import { OldestFirst } from './oldest-first.js';
import { requestStartedAt } from './request-clock.js';

/** PGlite's adapter, but Kysely's own single-connection lock left out: the driver below holds one. */
class OneHolderAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** PGlite's dialect with its one connection handed out by OldestFirst (its own adapter, OneHolderAdapter). */
export function yieldingDialect(dialect: PGliteDialect): Dialect {
  return {
    createAdapter: () => new OneHolderAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const holders = new OldestFirst();
      const yielding: Driver = {
        init: (options) => driver.init(options),
        async acquireConnection(options) {
          await holders.enter(requestStartedAt());
          try {
            return await driver.acquireConnection(options);
          } catch (error) {
            holders.leave();
            throw error;
          }
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        async releaseConnection(connection: DatabaseConnection, options) {
          try {
            await driver.releaseConnection(connection, options);
          } finally {
            holders.leave();
          }
        },
        destroy: (options) => driver.destroy(options),
      };
      if (driver.savepoint) yielding.savepoint = (c, name, compile) => driver.savepoint!(c, name, compile);
      if (driver.rollbackToSavepoint)
        yielding.rollbackToSavepoint = (c, name, compile) => driver.rollbackToSavepoint!(c, name, compile);
      if (driver.releaseSavepoint)
        yielding.releaseSavepoint = (c, name, compile) => driver.releaseSavepoint!(c, name, compile);
      return yielding;
    },
  };
}
