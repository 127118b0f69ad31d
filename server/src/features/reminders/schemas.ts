import { MAX_STEP, MAX_STEPS, MIN_STEP } from './schedule.js';

/** JSON schemas of the reminder calls (the response schemas are the serialisation whitelist). */

const settingsSchema = {
  type: 'object',
  required: ['enabled', 'due_day', 'steps', 'hour'],
  properties: {
    enabled: { type: 'boolean' },
    due_day: { type: 'integer' },
    steps: { type: 'array', items: { type: 'integer' } },
    hour: { type: 'integer' },
  },
} as const;

export const settingsResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: settingsSchema },
} as const;

export const settingsSavedResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: settingsSchema },
} as const;

export const updateSettingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    due_day: { type: 'integer', minimum: 1, maximum: 31 },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_STEPS,
      items: { type: 'integer', minimum: MIN_STEP, maximum: MAX_STEP },
    },
    hour: { type: 'integer', minimum: 0, maximum: 23 },
  },
} as const;

export const previewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['date'],
  properties: { date: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' } },
} as const;

const planSchema = {
  type: 'object',
  required: ['client', 'recipients', 'steps', 'months'],
  properties: {
    client: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    recipients: {
      type: 'array',
      items: {
        type: 'object',
        required: ['email', 'name'],
        properties: { email: { type: 'string' }, name: { type: ['string', 'null'] } },
      },
    },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['period', 'step'],
        properties: { period: { type: 'string' }, step: { type: 'integer' } },
      },
    },
    months: {
      type: 'array',
      items: {
        type: 'object',
        required: ['period', 'due_date', 'items'],
        properties: {
          period: { type: 'string' },
          due_date: { type: 'string' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'status'],
              properties: { name: { type: 'string' }, status: { type: 'string', enum: ['missing', 'rejected'] } },
            },
          },
        },
      },
    },
  },
} as const;

export const previewResponse = {
  type: 'object',
  required: ['date', 'enabled', 'hour', 'clients', 'messages', 'data'],
  properties: {
    date: { type: 'string' },
    enabled: { type: 'boolean' },
    hour: { type: 'integer' },
    /** Every client the day would remind, and the messages; `data` lists the first ones. */
    clients: { type: 'integer' },
    messages: { type: 'integer' },
    data: { type: 'array', items: planSchema },
  },
} as const;

export const remindNowResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: planSchema },
} as const;
