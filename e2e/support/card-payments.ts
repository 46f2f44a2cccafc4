import { api, type ServerInfo, type TestUser } from './api.js';

/** The sandbox's test cards (Stripe's numbers), and an expiry two years ahead. */
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';
export const CARD_EXPIRY = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/**
 * Pays for a listing as the payment page would, without the UI: intent, the test card in the
 * sandbox, confirm. Answers 'free' (and pays nothing) when the promotion made it free.
 */
export async function payByCardThroughApi(server: ServerInfo, seller: TestUser, listingId: string, months = 1): Promise<'free' | 'paid'> {
  const intent = await api<{ client_secret: string; payment_id: string; provider: string }>(server.baseUrl, '/payments/create-intent', {
    token: seller.token,
    json: { listing_id: listingId, duration_months: months },
  });
  if (intent.provider === 'free') return 'free';
  const [month, year] = CARD_EXPIRY.split('/');
  const card = await api<{ payment_intent: { id: string } }>(server.baseUrl, '/payments/sandbox/confirm-card', {
    json: {
      client_secret: intent.client_secret,
      card_number: CARD_OK.replaceAll(' ', ''),
      exp_month: Number(month),
      exp_year: 2000 + Number(year),
      cvc: '123',
    },
  });
  await api(server.baseUrl, '/payments/confirm', {
    token: seller.token,
    json: { payment_id: intent.payment_id, stripe_payment_id: card.payment_intent.id },
  });
  return 'paid';
}
