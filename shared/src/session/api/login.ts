import { http } from '../../http/http';
import type { AuthResponse } from '../../types';
import { deviceId } from './device-id';

/** The first step's answer when the account has two-factor sign-in on: no token yet. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  /** Opaque, short-lived: sent back with the code. */
  challenge: string;
  message?: string;
}

export type LoginAnswer = AuthResponse | TwoFactorChallenge;

export function isTwoFactorChallenge(answer: LoginAnswer): answer is TwoFactorChallenge {
  return (answer as TwoFactorChallenge).two_factor_required === true && !('token' in answer && answer.token);
}

/**
 * POST /api/login: {user, token}, or {two_factor_required, challenge, message} when the account
 * asks for a second step; a failure carries `error`. Sends this browser's device id.
 */
export async function login(email: string, password: string): Promise<LoginAnswer> {
  const { data } = await http.post<LoginAnswer>('/api/login', { email, password, device_id: deviceId() });
  return data;
}

export type TwoFactorProof = { code: string } | { recovery_code: string };

/**
 * POST /api/login/two-factor: the second step, with a 6-digit code or a recovery code.
 * 422 on `code` (wrong code) or `challenge` (expired: start again), 429 throttled.
 * Silent: the form shows the answer under its field.
 */
export async function loginTwoFactor(challenge: string, proof: TwoFactorProof): Promise<AuthResponse> {
  const { data } = await http.post<AuthResponse>(
    '/api/login/two-factor',
    { challenge, ...proof, device_id: deviceId() },
    { silent: true },
  );
  return data;
}
