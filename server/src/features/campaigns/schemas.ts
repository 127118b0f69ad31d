const ids = { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1 } } as const;

export const composeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'html', 'audience'],
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 200 },
    html: { type: 'string', minLength: 1, maxLength: 200_000 },
    audience: { type: 'string', enum: ['company_owners', 'holding_admins', 'tenants'] },
    company_ids: ids,
    holding_ids: ids,
  },
} as const;

const recipientSchema = {
  type: 'object',
  properties: { email: { type: 'string' }, name: { type: 'string' }, tenant_name: { type: 'string' } },
} as const;

export const previewSchema = {
  type: 'object',
  required: ['recipients_count', 'recipients', 'subject', 'html', 'text'],
  properties: {
    recipients_count: { type: 'integer' },
    recipients: { type: 'array', items: recipientSchema },
    subject: { type: 'string' },
    html: { type: 'string' },
    text: { type: 'string' },
  },
} as const;

const progressSchema = {
  type: 'object',
  required: ['total', 'sent', 'failed', 'queued', 'retrying'],
  properties: {
    total: { type: 'integer' },
    sent: { type: 'integer' },
    failed: { type: 'integer' },
    queued: { type: 'integer' },
    retrying: { type: 'integer' },
  },
} as const;

const campaignProperties = {
  id: { type: 'integer' },
  subject: { type: 'string' },
  audience: { type: 'string' },
  company_ids: { type: 'array', items: { type: 'integer' } },
  holding_ids: { type: 'array', items: { type: 'integer' } },
  recipients_count: { type: 'integer' },
  created_at: { type: 'string', format: 'date-time' },
  created_by_name: { type: ['string', 'null'] },
  status: { type: 'string', enum: ['sending', 'done'] },
  progress: progressSchema,
} as const;

export const campaignSchema = { type: 'object', properties: campaignProperties } as const;

export const campaignDetailSchema = {
  type: 'object',
  properties: { ...campaignProperties, html: { type: 'string' }, text: { type: 'string' } },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', pattern: '^[0-9]{1,6}$' },
    per_page: { type: 'string', pattern: '^[0-9]{1,3}$' },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;
