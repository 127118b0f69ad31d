import { idParam } from '../../lib/http-schemas.js';

/** JSON schemas of the company door's portal-access calls (clients/{id}/access, invite, resend, revoke). */

/** A person who signs in for the client; `invited`: no password set yet. */
const portalUserSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'invited', 'created_at', 'last_seen_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    invited: { type: 'boolean' },
    created_at: { type: 'string' },
    last_seen_at: { type: ['string', 'null'] },
  },
} as const;

export const accessListResponse = {
  type: 'object',
  required: ['holding', 'data'],
  properties: {
    holding: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    data: { type: 'array', items: portalUserSchema },
  },
} as const;

/** `role`: a firm invites users (5) only; 4 is refused with its own message (the holding names its administrators). */
export const inviteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    email: { type: 'string', minLength: 3, maxLength: 254 },
    role: { type: 'integer', enum: [4, 5] },
  },
} as const;

export const inviteResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: portalUserSchema },
} as const;

/** clients/{id}/access/{userId}/…: the client and one of the people of its holding. */
export const accessParams = {
  type: 'object',
  required: ['id', 'userId'],
  properties: { id: idParam, userId: idParam },
} as const;

/** The calls that take no body accept none but an empty object. */
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
