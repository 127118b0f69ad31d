import { type Kysely, sql } from 'kysely';

/**
 * A reminder's claim and an upload link name a client and its firm. One foreign key on the pair, against
 * clients' (id, company_id), says both at once: that the client exists and that it is that firm's. The two
 * keys it replaces checked each column alone, and not that they belong together. A reminder step writes a
 * claim and a link per client, so it also checks half as many keys.
 */
const TABLES = ['reminder_claims', 'upload_links'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index clients_id_company on clients (id, company_id)`.execute(db);
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)}
        drop constraint ${sql.id(`${table}_client_id_fkey`)},
        drop constraint ${sql.id(`${table}_company_id_fkey`)},
        add constraint ${sql.id(`${table}_client_fkey`)}
          foreign key (client_id, company_id) references clients (id, company_id)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)}
        drop constraint ${sql.id(`${table}_client_fkey`)},
        add constraint ${sql.id(`${table}_client_id_fkey`)} foreign key (client_id) references clients (id),
        add constraint ${sql.id(`${table}_company_id_fkey`)} foreign key (company_id) references companies (id)`.execute(
      db,
    );
  }
  await sql`drop index clients_id_company`.execute(db);
}
