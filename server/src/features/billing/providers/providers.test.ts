import { paymentProvider } from './index.js';

test('without a configured provider every payment call is refused with a Romanian 503', async () => {
  const provider = paymentProvider('none');
  await expect(
    provider.createCheckout({
      paymentId: 1,
      amountBani: 4900,
      currency: 'RON',
      description: 'Plan',
      returnPath: '/company/subscription',
    }),
  ).rejects.toMatchObject({ statusCode: 503, message: expect.stringMatching(/nu sunt configurate/) });
  await expect(
    provider.verifyResult({ payment: { id: 1, amount_bani: 4900, provider_ref: null }, submitted: { status: 'paid' } }),
  ).rejects.toMatchObject({ statusCode: 503 });
  expect(paymentProvider('sandbox').testMode).toBe(true);
});
