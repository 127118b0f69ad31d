import { errors, type AppError } from '../../../infra/errors.js';
import type { Config } from '../../../config.js';
import { sandboxProvider } from './sandbox.js';

/**
 * How a payment reaches money. The flow is provider-neutral:
 *
 * 1. POST …/users/{userId}/subscriptions/{subscriptionId} stores a `pending`
 *    payment, then calls `createCheckout`; the answer's `redirectUrl` is where
 *    the payer's browser goes (for the sandbox: our own /sandbox-checkout/{id}).
 * 2. The provider sends the payer back to the subscription screen, which posts
 *    what it brought back to POST …/users/{userId}/payment/{id}.
 * 3. The server never trusts that body as is: `verifyResult` turns it into the
 *    provider's own verdict. Only then is the payment marked paid/failed (once:
 *    a repeated result counts once) and a paid month added to the subscription.
 *
 * Plugging in a real provider (Netopia, Stripe, …):
 * - write providers/<name>.ts implementing PaymentProvider:
 *   `createCheckout` creates the provider's order/Checkout Session for
 *   `amountBani` RON with `orderId = paymentId` and return/cancel URLs built from
 *   `returnPath` (absolute, from the public URL), and answers the provider's
 *   hosted page as `redirectUrl` plus its order id as `providerRef`;
 *   `verifyResult` ignores the submitted status and asks the provider's API for
 *   the order/session `providerRef` (or checks the signed notification), answering
 *   'paid' only when the provider says the full amount was captured.
 * - for providers that notify the server (Netopia IPN, Stripe webhooks), add a
 *   public route under /api/billing/<name>/notify that verifies the signature
 *   and calls the same `storePaymentResult` service with the verified result;
 *   storing is idempotent, so the webhook and the browser return can both arrive.
 * - return it from `paymentProvider()` below (e.g. chosen by a BILLING_PROVIDER
 *   setting read in config.ts). The sandbox trusts the browser and must not be
 *   the provider of a production deployment that takes real money.
 */
export interface PaymentProvider {
  /** Stored on each payment (payments.provider). */
  readonly name: string;
  /** Whether the provider is a test double (its checkout page says so). */
  readonly testMode: boolean;
  createCheckout(input: CheckoutInput): Promise<CheckoutStart>;
  verifyResult(input: VerifyInput): Promise<VerifiedResult>;
}

export interface CheckoutInput {
  paymentId: number;
  amountBani: number;
  currency: string;
  description: string;
  /** Where the payer comes back to inside the product, e.g. /company/subscription. */
  returnPath: string;
}

export interface CheckoutStart {
  /** Absolute URL of the provider's page, or a path inside the product (the sandbox). */
  redirectUrl: string;
  /** The provider's order/session id, when it has one at this point. */
  providerRef?: string;
}

export interface VerifyInput {
  payment: { id: number; amount_bani: number; provider_ref: string | null };
  /** What the payer's browser posted back (the "store a payment" call). */
  submitted: { status: 'paid' | 'failed'; provider_ref?: string | null };
}

export interface VerifiedResult {
  status: 'paid' | 'failed';
  providerRef: string | null;
}

const notConfigured = (): AppError => errors.paymentsDisabled();

/** No provider configured (production without BILLING_PROVIDER): every payment call is refused. */
const noProvider: PaymentProvider = {
  name: 'none',
  testMode: false,
  async createCheckout() {
    throw notConfigured();
  },
  async verifyResult() {
    throw notConfigured();
  },
};

/** The provider payments go through, chosen by BILLING_PROVIDER (config.billingProvider). */
export function paymentProvider(name: Config['billingProvider'] = 'sandbox'): PaymentProvider {
  return name === 'sandbox' ? sandboxProvider : noProvider;
}
