import { pageOf } from '../../lib/http-schemas.js';
import type { DoorKind } from '../doors/index.js';
import { USER_ROLES, type ManagedRole } from './policy.js';

/** JSON schemas of the users calls, the same on both doors but for the roles each door manages. */

/** A user as both doors answer it; `invited`: no password set yet. */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'created_at', 'last_seen_at', 'invited'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    created_at: { type: 'string' },
    last_seen_at: { type: ['string', 'null'] },
    invited: { type: 'boolean' },
  },
} as const;

export const USER_SORTS = ['name', 'email', 'role', 'created_at'] as const;

/** GET users: query strings arrive as text, so numbers are digit strings (at most 100 a page). */
export const usersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    per_page: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' },
    search: { type: 'string', maxLength: 200 },
    sort: { type: 'string', enum: USER_SORTS },
    direction: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const;

export const usersResponse = pageOf(userSchema);
const userFields = (kind: DoorKind) =>
  ({
    name: { type: 'string', minLength: 1, maxLength: 200 },
    email: { type: 'string', minLength: 3, maxLength: 254 },
    // Typed as every managed role; at run time only the door's own two.
    role: { type: 'integer', enum: USER_ROLES[kind] as readonly ManagedRole[] as readonly [2, 3, 4, 5] },
  }) as const;

/** storeUser: name, e-mail and one of the door's roles; nothing else (no tenant id, no password). */
export const storeUserBody = (kind: DoorKind) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email', 'role'],
    properties: userFields(kind),
  }) as const;

/** users/{id}/update: any of the storeUser fields, at least one. */
export const updateUserBody = (kind: DoorKind) =>
  ({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: userFields(kind),
  }) as const;

/**
 * The answer to storeUser and users/{id}/update. Each door keeps the envelope its app reads:
 * the company app `{data: user}`, the client app `{message, user}`; the user inside is the same.
 */
export const userSavedResponse = {
  company: { type: 'object', required: ['data'], properties: { data: userSchema } },
  holding: {
    type: 'object',
    required: ['message', 'user'],
    properties: { message: { type: 'string' }, user: userSchema },
  },
} as const;
