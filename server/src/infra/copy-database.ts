import { sql, type Kysely } from 'kysely';

interface TableInfo {
  name: string;
  dependsOn: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- copies any table, whatever its shape
type AnyDb = Kysely<any>;

/** Application tables of the public schema in foreign-key order (parents first). */
export async function tablesInDependencyOrder(db: AnyDb): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
    order by table_name`.execute(db);
  const fks = await sql<{ child: string; parent: string }>`
    select tc.table_name as child, ccu.table_name as parent
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`.execute(db);
  const infos: TableInfo[] = tables.rows.map((t) => ({
    name: t.table_name,
    dependsOn: fks.rows.filter((f) => f.child === t.table_name && f.parent !== t.table_name).map((f) => f.parent),
  }));
  const ordered: string[] = [];
  const pending = new Map(infos.map((i) => [i.name, i]));
  while (pending.size) {
    const ready = [...pending.values()].filter((i) => i.dependsOn.every((d) => !pending.has(d)));
    if (!ready.length) throw new Error(`circular foreign keys between ${[...pending.keys()].join(', ')}`);
    for (const r of ready) {
      ordered.push(r.name);
      pending.delete(r.name);
    }
  }
  return ordered;
}

/** The columns of `table` a copy writes: every one but those the database generates. */
async function copiedColumns(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.column_name);
}

/**
 * Copies every row of every application table from one database into another
 * already migrated to the same version, in batches, then moves each identity
 * sequence past the highest id. The target must hold no users; reference rows
 * its migrations inserted (plans…) are replaced by the source's.
 */
export async function copyDatabase(
  source: AnyDb,
  target: AnyDb,
  onTable: (table: string, rows: number) => void = () => undefined,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const order = await tablesInDependencyOrder(source);
  await target.transaction().execute(async (trx) => {
    const users = await trx
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(users.n) > 0) throw new Error('baza de date țintă are deja utilizatori; folosiți o bază nouă');
    for (const table of [...order].reverse()) await trx.deleteFrom(table).execute();
    // The copied rows carry what the source's triggers kept (client_counts, clients.documents_count): the
    // target's own triggers would add every copied row to them a second time. Foreign keys stay checked
    // (they are system triggers); the triggers come back on at the end of the transaction.
    for (const table of order) await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
    for (const table of order) {
      // A generated column (clients.name_folded) is written by the target itself.
      const columns = await copiedColumns(source, table);
      let copied = 0;
      const batch = 500;
      for (let offset = 0; ; offset += batch) {
        const rows = await source
          .selectFrom(table)
          .select(columns)
          .orderBy(sql`1`)
          .limit(batch)
          .offset(offset)
          .execute();
        if (!rows.length) break;
        await trx.insertInto(table).values(rows).execute();
        copied += rows.length;
        if (rows.length < batch) break;
      }
      counts[table] = copied;
      onTable(table, copied);
      const identity = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_identity = 'YES'`.execute(trx);
      for (const { column_name } of identity.rows) {
        await sql`select setval(pg_get_serial_sequence(${table}, ${column_name}),
          coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
    for (const table of order) await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
  });
  return counts;
}
