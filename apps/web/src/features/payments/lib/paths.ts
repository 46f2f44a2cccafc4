/** Where the card step ends: the confirmation page (spec §2), which confirms the payment. */
export function confirmationPath(paymentId: string, paymentIntentId: string): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_id: paymentId });
  return `/payment/confirmation?${query.toString()}`;
}

/** spec §7: the card provider's return URL, /payment/confirmation?payment_id={id}; it adds payment_intent. */
export function confirmationReturnUrl(paymentId: string): string {
  return `${window.location.origin}/payment/confirmation?payment_id=${encodeURIComponent(paymentId)}`;
}

export function listingPath(listingId: string): string {
  return `/listings/${encodeURIComponent(listingId)}`;
}
