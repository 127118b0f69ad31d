import type { Db } from '../../infra/db.js';

/** The signed-in user as the front end sees it (SPEC §3): never a hash. */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    company_id: { type: ['integer', 'null'] },
    holding_id: { type: ['integer', 'null'] },
    company: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        cui: { type: ['string', 'null'] },
        status: { type: 'string' },
      },
    },
    holding: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, cui: { type: ['string', 'null'] } },
    },
  },
} as const;

export interface PresentedUser {
  id: number;
  name: string;
  email: string;
  role: number;
  company_id: number | null;
  holding_id: number | null;
  company: { id: number; name: string; cui: string | null; status: string } | null;
  holding: { id: number; name: string; cui: string | null } | null;
}

export async function presentUser(db: Db, userId: number): Promise<PresentedUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'company_id', 'holding_id'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const company = user.company_id
    ? ((await db
        .selectFrom('companies')
        .select(['id', 'name', 'cui', 'status'])
        .where('id', '=', user.company_id)
        .executeTakeFirst()) ?? null)
    : null;
  const holding = user.holding_id
    ? ((await db
        .selectFrom('holdings')
        .select(['id', 'name', 'cui'])
        .where('id', '=', user.holding_id)
        .executeTakeFirst()) ?? null)
    : null;
  return { ...user, company, holding };
}
