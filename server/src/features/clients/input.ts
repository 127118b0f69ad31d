import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { isValidPhone } from '../../lib/phone.js';
import { isEmail } from '../auth/index.js';
import type { ClientFields } from './repository.js';

/**
 * The one rule for what a client may be, on both doors (create and update): a name, a Romanian
 * fiscal code with a valid check digit, an optional e-mail (kept lower case), phone and notes.
 * The JSON schemas (schemas.ts, clientFields) bound the lengths; this checks the content.
 */

export interface ClientInput {
  name?: string;
  cui?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

/** clients/service.ts still reads cuiTaken here; it goes once that file takes fieldMessages.clients. */
export const MESSAGES = { cuiTaken: fieldMessages.clients.cuiTaken } as const;

/** Trimmed text, or null when blank. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The CUI's digits: how two CUIs compare ("RO 18547290" is "18547290"). */
export const cuiDigitsOf = (cui: string): string => cui.replace(/[^0-9]/g, '');

/**
 * Cleans the fields present in `input` (absent ones stay absent, for an update) and adds a message
 * to `problems` for each one that breaks the rule.
 */
export function cleanClientInput(input: ClientInput, problems: FieldErrors): ClientFields {
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const out: ClientFields = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) add('name', fieldMessages.shared.nameRequired);
  }
  if (input.cui !== undefined) {
    out.cui = normalizeCui(input.cui);
    if (!isValidCui(out.cui)) add('cui', fieldMessages.clients.cuiInvalid);
  }
  if (input.email !== undefined) {
    out.email = blankToNull(input.email)?.toLowerCase() ?? null;
    if (out.email && !isEmail(out.email)) add('email', fieldMessages.shared.emailInvalid);
  }
  if (input.phone !== undefined) {
    out.phone = blankToNull(input.phone);
    if (out.phone && !isValidPhone(out.phone)) add('phone', fieldMessages.shared.phoneInvalid);
  }
  if (input.notes !== undefined) out.notes = blankToNull(input.notes);
  return out;
}

/** cleanClientInput, answering 422 with every problem at once. */
export function checkClientInput(input: ClientInput): ClientFields {
  const problems: FieldErrors = {};
  const fields = cleanClientInput(input, problems);
  if (Object.keys(problems).length) throw errors.validation(problems);
  return fields;
}
