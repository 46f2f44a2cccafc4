/** Payment rules both sides agree on (spec §4, §9). */
import { FREE_CLIENT_SECRET_PREFIXES } from '../constants.js';

/** spec §4: a free activation's client secret starts with 'free_tier_' or 'free_listing_'. */
export function isFreeClientSecret(clientSecret: string | null | undefined): boolean {
  if (!clientSecret) return false;
  return FREE_CLIENT_SECRET_PREFIXES.some((prefix) => clientSecret.startsWith(prefix));
}

export interface PricingRates {
  base_price: number;
  additional_month_price: number;
  extension_month_price: number;
}

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * spec §9: the price of a new listing — the base price includes the first month, each
 * further month costs the additional-month price. (The server's amount is authoritative.)
 */
export function listingPrice(durationMonths: number, pricing: PricingRates): number {
  const months = Math.max(1, Math.floor(durationMonths));
  return (toCents(pricing.base_price) + (months - 1) * toCents(pricing.additional_month_price)) / 100;
}

/** spec §9: an extension is charged at the monthly extension rate. */
export function extensionPrice(durationMonths: number, pricing: PricingRates): number {
  const months = Math.max(1, Math.floor(durationMonths));
  return (months * toCents(pricing.extension_month_price)) / 100;
}
