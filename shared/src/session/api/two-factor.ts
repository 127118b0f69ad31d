import { http } from '../../http/http';

/** What the authenticator app needs: the secret (typed by hand) and its QR code (SVG markup). */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/**
 * With two-factor sign-in on, every change to it proves the second factor besides the password: a code
 * of the app, or an unused recovery code (it is used up).
 */
export type SecondFactorProof = { code: string } | { recovery_code: string };

export interface RecoveryCodesAnswer {
  message?: string;
  recovery_codes: string[];
}

// Silent calls: each form shows the server's answer beside its fields instead of a toast.

/**
 * POST /api/two-factor/setup: a new secret for the account (not active until confirmed); 422
 * current_password, or code when it is already on and the proof is missing or wrong.
 */
export async function setupTwoFactor(currentPassword: string, proof?: SecondFactorProof): Promise<TwoFactorSetup> {
  const { data } = await http.post<TwoFactorSetup>(
    '/api/two-factor/setup',
    { current_password: currentPassword, ...proof },
    { silent: true },
  );
  return data;
}

/** POST /api/two-factor/enable: confirms the secret with a code; answers the recovery codes, shown once. */
export async function enableTwoFactor(code: string): Promise<RecoveryCodesAnswer> {
  const { data } = await http.post<RecoveryCodesAnswer>('/api/two-factor/enable', { code }, { silent: true });
  return data;
}

/** POST /api/two-factor/disable; 403 when the user's firm requires two-factor sign-in. */
export async function disableTwoFactor(
  currentPassword: string,
  proof: SecondFactorProof,
): Promise<{ message?: string }> {
  const { data } = await http.post<{ message?: string }>(
    '/api/two-factor/disable',
    { current_password: currentPassword, ...proof },
    { silent: true },
  );
  return data;
}

/** POST /api/two-factor/recovery-codes: a new set; the old codes stop working. */
export async function regenerateRecoveryCodes(
  currentPassword: string,
  proof: SecondFactorProof,
): Promise<RecoveryCodesAnswer> {
  const { data } = await http.post<RecoveryCodesAnswer>(
    '/api/two-factor/recovery-codes',
    { current_password: currentPassword, ...proof },
    { silent: true },
  );
  return data;
}
