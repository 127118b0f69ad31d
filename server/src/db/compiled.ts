import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A value a query is built with once and bound on every call. Used as text (a template literal, a
 * `join`), it throws: such a value would be written into the statement's text, which is built only once.
 */
class Slot {
  constructor(readonly key: string) {}
  toString(): never {
    throw new Error(`Valoarea „${this.key}” a unei interogări compilate o singură dată a fost folosită ca text.`);
  }
  valueOf(): never {
    return this.toString();
  }
}

interface Compiled {
  sql: string;
  /** Each parameter of the statement: the call's value of that name, or a value fixed when it was built. */
  parameters: ({ slot: string } | { fixed: unknown })[];
}

/**
 * A read whose Kysely query is built and compiled once per shape, then run with each call's values.
 * Building and compiling were a sixth of a one-client lookup's Node time (its three queries on every
 * request; docs/ARCHITECTURE.md, "Statements"). `build` gets stand-ins for the values: it may pass them to
 * Kysely as values (compared, selected, as a `sql` template's parameter) but must not look at them; what
 * decides the statement's text (a filter present or not, the door) is the `shape`, which keys the cache.
 */
export function compiledOnce<P extends Record<string, unknown>, R, S extends string = ''>(
  build: (db: Executor, values: P, shape: S) => Compilable<R>,
): (db: Executor, values: P, shape?: S) => Promise<R[]> {
  const shapes = new Map<string, Compiled>();
  return async (db, values, shape = '' as S) => {
    let compiled = shapes.get(shape);
    if (compiled === undefined) {
      const stand = Object.fromEntries(Object.keys(values).map((key) => [key, new Slot(key)])) as unknown as P;
      const query = build(db, stand, shape).compile();
      compiled = {
        sql: query.sql,
        parameters: query.parameters.map((value) => (value instanceof Slot ? { slot: value.key } : { fixed: value })),
      };
      shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) => ('slot' in p ? values[p.slot] : p.fixed));
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}
