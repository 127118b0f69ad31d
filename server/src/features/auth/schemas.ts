import type { FromSchema } from 'json-schema-to-ts';
import { userSchema } from './presenter.js';

/** A signed-in session: the answer of login and of register. */
export const sessionSchema = {
  type: 'object',
  required: ['user', 'token'],
  properties: { user: userSchema, token: { type: 'string', description: 'Bearer token `id|secret`.' } },
} as const;

/** The answer of register: a session, what to tell the new owner, and the CUI claim when the CUI was taken. */
export const registrationSchema = {
  type: 'object',
  required: ['user', 'token', 'message', 'cui_claim'],
  properties: {
    ...sessionSchema.properties,
    message: { type: 'string' },
    cui_claim: {
      type: ['object', 'null'],
      description:
        'Setat când CUI-ul era deja al altei companii: compania e creată fără CUI, cererea merge la administrator.',
      properties: { status: { type: 'string', enum: ['pending'] } },
    },
  },
} as const;

const email = { type: 'string', format: 'email', maxLength: 254 } as const;
// Strength rules (≥ 8 characters, a letter and a digit) are checked by the service, with Romanian messages.
const newPassword = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Cel puțin 8 caractere, cu cel puțin o literă și o cifră.',
} as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export { idParams as idParamsSchema } from '../../lib/http-schemas.js';

export const loginBodySchema = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1000 },
    device_id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Identificatorul aleator al browserului (pentru alerta de dispozitiv nou); lipsă = user-agent.',
    },
  },
} as const;

/** The password was right and the account has two-factor sign-in: no token yet. */
export const twoFactorChallengeSchema = {
  type: 'object',
  required: ['two_factor_required', 'challenge', 'message'],
  properties: {
    two_factor_required: { type: 'boolean', const: true },
    challenge: { type: 'string', description: 'Se trimite la POST /login/two-factor; valabil 5 minute.' },
    message: { type: 'string' },
  },
} as const;

export const loginAnswerSchema = { anyOf: [sessionSchema, twoFactorChallengeSchema] } as const;

export const passwordEmailBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email },
} as const;

export const passwordResetBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'email', 'password', 'password_confirmation'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    email,
    password: newPassword,
    password_confirmation: { type: 'string', maxLength: 200 },
  },
} as const;

export const userUpdateBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    email,
    current_password: optionalText(1000),
    password: {
      ...optionalText(200),
      description: 'Opțional; gol = parola rămâne aceeași. Cel puțin 8 caractere, o literă și o cifră.',
    },
    password_confirmation: optionalText(200),
  },
} as const;

export const registerBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['company_name', 'cui', 'name', 'email', 'password', 'password_confirmation'],
  properties: {
    company_name: { type: 'string', minLength: 1, maxLength: 200 },
    cui: {
      type: 'string',
      minLength: 1,
      maxLength: 20,
      description: 'Codul fiscal românesc, cu sau fără prefixul RO.',
    },
    company_email: optionalText(254),
    phone: optionalText(30),
    name: { type: 'string', minLength: 1, maxLength: 120 },
    email,
    password: newPassword,
    password_confirmation: { type: 'string', maxLength: 200 },
  },
} as const;

export type LoginBody = FromSchema<typeof loginBodySchema>;
export type PasswordResetBody = FromSchema<typeof passwordResetBodySchema>;
export type UserUpdateBody = FromSchema<typeof userUpdateBodySchema>;
export type RegisterBody = FromSchema<typeof registerBodySchema>;
