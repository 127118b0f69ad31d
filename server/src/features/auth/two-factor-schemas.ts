/** Request and answer schemas of two-factor sign-in and of the sessions list. */

const password = { type: 'string', minLength: 1, maxLength: 1000 } as const;

/** A change to two-factor sign-in: the password and, while it is on, a code of the app or a recovery code. */
export const twoFactorChangeBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['current_password'],
  properties: {
    current_password: password,
    code: {
      type: 'string',
      maxLength: 20,
      description: 'Cu autentificarea în doi pași activă: codul de 6 cifre din aplicația folosită acum.',
    },
    recovery_code: { type: 'string', maxLength: 40, description: 'Sau un cod de recuperare nefolosit (se consumă).' },
  },
} as const;

export const enableBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 20, description: 'Codul de 6 cifre din aplicație.' } },
} as const;

export const secondStepBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge'],
  properties: {
    challenge: { type: 'string', minLength: 1, maxLength: 200 },
    code: { type: 'string', maxLength: 20, description: 'Codul de 6 cifre din aplicația de autentificare.' },
    recovery_code: { type: 'string', maxLength: 40, description: 'Un cod de recuperare nefolosit (în locul codului).' },
    device_id: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

export const setupAnswerSchema = {
  type: 'object',
  required: ['secret', 'otpauth_url', 'qr_svg'],
  properties: {
    secret: { type: 'string', description: 'Cheia (base32), pentru introducere manuală.' },
    otpauth_url: { type: 'string' },
    qr_svg: { type: 'string', description: 'Codul QR al adresei otpauth://, ca SVG.' },
  },
} as const;

const recoveryCodes = { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 } as const;

export const enableAnswerSchema = {
  type: 'object',
  required: ['message', 'recovery_codes'],
  properties: { message: { type: 'string' }, recovery_codes: recoveryCodes },
} as const;

export const recoveryCodesAnswerSchema = {
  type: 'object',
  required: ['recovery_codes'],
  properties: { recovery_codes: recoveryCodes },
} as const;

export const sessionsAnswerSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'device', 'ip', 'created_at', 'last_used_at', 'expires_at', 'current'],
        properties: {
          id: { type: 'integer' },
          device: { type: 'string', description: 'De ex. „Chrome pe Windows”.' },
          ip: { type: ['string', 'null'] },
          created_at: { type: 'string' },
          last_used_at: { type: ['string', 'null'] },
          expires_at: {
            type: 'string',
            description: 'Când se închide sesiunea dacă nu e folosită: după inactivitate sau la durata maximă.',
          },
          current: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export const revokeOthersAnswerSchema = {
  type: 'object',
  required: ['message', 'revoked'],
  properties: { message: { type: 'string' }, revoked: { type: 'integer' } },
} as const;
