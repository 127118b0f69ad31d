import type { Db } from './infra/db.js';
import { verifyPassword } from './infra/passwords.js';
import { DEMO_PASSWORD } from './seed.js';

/** A demo account that still signs in with the demo password, as the start banner lists it. */
export interface DemoAccount {
  email: string;
  role: number;
  /** The firm (roles 2–3) or holding (4–5) it belongs to. */
  tenant: string | null;
}

/**
 * The demo accounts (…@demo.ro) that still open with DEMO_PASSWORD: none on a database without the
 * demo world, and not one whose password was changed. The seed hashes the password once for every
 * account, so this costs one argon2 check per distinct hash (usually one).
 */
export async function demoAccountsInUse(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('holdings', 'holdings.id', 'users.holding_id')
    .select([
      'users.email',
      'users.role',
      'users.password_hash',
      'companies.name as company',
      'holdings.name as holding',
    ])
    .where('users.email', 'like', '%@demo.ro')
    .where('users.deleted_at', 'is', null)
    // The seed's order: the platform admin, then each firm's people (the README's table).
    .orderBy('users.id')
    .execute();
  const opens = new Map<string, boolean>();
  for (const hash of new Set(rows.map((row) => row.password_hash))) {
    if (hash) opens.set(hash, await verifyPassword(hash, DEMO_PASSWORD));
  }
  return rows
    .filter((row) => row.password_hash && opens.get(row.password_hash))
    .map((row) => ({ email: row.email, role: row.role, tenant: row.company ?? row.holding ?? null }));
}
