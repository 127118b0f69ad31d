/** JSON schemas of the ANAF calls (docs/api/anaf.md); the response schemas are the whitelist. */

export const cuiLookupBody = {
  type: 'object',
  required: ['cui'],
  additionalProperties: false,
  properties: { cui: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

export const companyRecordSchema = {
  type: 'object',
  required: ['cui', 'name', 'address', 'trade_register', 'vat_payer', 'e_factura', 'inactive'],
  additionalProperties: false,
  properties: {
    cui: { type: 'string' },
    name: { type: 'string' },
    address: { type: ['string', 'null'] },
    trade_register: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    postal_code: { type: ['string', 'null'] },
    vat_payer: { type: 'boolean' },
    e_factura: { type: 'boolean' },
    inactive: { type: 'boolean' },
  },
} as const;

const registryStateSchema = {
  type: ['object', 'null'],
  required: ['found', 'vat_payer', 'e_factura', 'inactive', 'checked_at', 'changes', 'changed_at', 'flagged'],
  properties: {
    found: { type: 'boolean' },
    vat_payer: { type: ['boolean', 'null'] },
    e_factura: { type: ['boolean', 'null'] },
    inactive: { type: ['boolean', 'null'] },
    checked_at: { type: 'string' },
    changes: { type: 'array', items: { type: 'string' } },
    changed_at: { type: ['string', 'null'] },
    /** A change the firm has not marked seen yet. */
    flagged: { type: 'boolean' },
  },
} as const;

const spvClientSchema = {
  type: 'object',
  required: ['enabled', 'last_sync_at', 'last_status', 'last_message'],
  properties: {
    enabled: { type: 'boolean' },
    last_sync_at: { type: ['string', 'null'] },
    last_status: { type: ['string', 'null'], enum: ['ok', 'error', null] },
    last_message: { type: ['string', 'null'] },
  },
} as const;

export const anafOverviewResponse = {
  type: 'object',
  required: ['spv', 'data'],
  properties: {
    spv: {
      type: 'object',
      required: ['configured', 'authorized', 'authorized_at', 'expires_at'],
      properties: {
        configured: { type: 'boolean' },
        authorized: { type: 'boolean' },
        authorized_at: { type: ['string', 'null'] },
        expires_at: { type: ['string', 'null'] },
      },
    },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'cui', 'registry', 'spv'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          cui: { type: ['string', 'null'] },
          registry: registryStateSchema,
          spv: spvClientSchema,
        },
      },
    },
  },
} as const;

export const clientAnafResponse = {
  type: 'object',
  required: ['registry', 'spv'],
  properties: { registry: registryStateSchema, spv: spvClientSchema },
} as const;

export const spvClientBody = {
  type: 'object',
  required: ['enabled'],
  additionalProperties: false,
  properties: { enabled: { type: 'boolean' } },
} as const;

export const spvClientResponse = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: { type: 'string' }, data: spvClientSchema },
} as const;

export const authorizeResponse = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string' } },
} as const;

export const callbackQuery = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 4000 },
    state: { type: 'string', maxLength: 200 },
    error: { type: 'string', maxLength: 500 },
    error_description: { type: 'string', maxLength: 2000 },
  },
} as const;
