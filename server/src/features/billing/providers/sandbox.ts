import crypto from 'node:crypto';
import type { PaymentProvider } from './index.js';

/**
 * The built-in test provider: its "hosted page" is the product's own
 * /sandbox-checkout/{paymentId} (marked test mode, approve or decline) and it
 * takes the browser's verdict as is. No money moves.
 */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  testMode: true,
  async createCheckout(input) {
    return {
      redirectUrl: `/sandbox-checkout/${input.paymentId}`,
      providerRef: `sandbox_${input.paymentId}_${crypto.randomBytes(6).toString('hex')}`,
    };
  },
  async verifyResult({ payment, submitted }) {
    return { status: submitted.status, providerRef: payment.provider_ref ?? submitted.provider_ref ?? null };
  },
};
