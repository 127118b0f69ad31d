import { pageMetaSchema } from '../../lib/http-schemas.js';

/** Request and response schemas of the firm's notifications (docs/api/company-door.md, "Notificări"). */

export const listBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

const notificationSchema = {
  type: 'object',
  required: [
    'id',
    'kind',
    'created_at',
    'unread',
    'client',
    'period',
    'actor_name',
    'via_link',
    'document',
    'due_date',
    'open_items',
  ],
  properties: {
    /** `event-<id>` or `notice-<id>`: unique across both sources. */
    id: { type: 'string' },
    kind: { type: 'string', enum: ['upload', 'done', 'overdue'] },
    created_at: { type: 'string' },
    unread: { type: 'boolean' },
    client: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    period: { type: ['string', 'null'] },
    actor_name: { type: ['string', 'null'] },
    via_link: { type: 'boolean' },
    document: {
      type: ['object', 'null'],
      required: ['name', 'pending'],
      properties: { name: { type: 'string' }, pending: { type: ['boolean', 'null'] } },
    },
    due_date: { type: ['string', 'null'] },
    open_items: { type: ['integer', 'null'] },
  },
} as const;

export const listResponse = {
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: { type: 'array', items: notificationSchema },
    meta: {
      type: 'object',
      required: [...pageMetaSchema.required, 'unread'],
      properties: { ...pageMetaSchema.properties, unread: { type: 'integer' } },
    },
  },
} as const;

export const unreadResponse = {
  type: 'object',
  required: ['unread'],
  properties: { unread: { type: 'integer' } },
} as const;

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const settingsSchema = {
  type: 'object',
  required: ['daily_digest', 'hour'],
  properties: { daily_digest: { type: 'boolean' }, hour: { type: 'integer' } },
} as const;

export const settingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['daily_digest', 'hour'],
  properties: { daily_digest: { type: 'boolean' }, hour: { type: 'integer', minimum: 0, maximum: 23 } },
} as const;
