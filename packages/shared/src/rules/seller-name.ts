/** Issue 15: how a seller is named in public. Never their email (docs/decisions/017-seller-pages.md). */

/** What the public name is made of: the profile's display name and country (canonical name). */
export interface SellerNameParts {
  display_name: string | null;
  country: string | null;
}

/** The name of a seller who has given neither a display name nor a country. */
export const SELLER_WITHOUT_COUNTRY = 'BenchMarket seller';

/** 'Seller from {country}' (issue 15, exact text): a seller without a display name. */
export function sellerFromCountry(country: string): string {
  return `Seller from ${country}`;
}

/** The display name; else 'Seller from {country}'; else 'BenchMarket seller'. */
export function sellerPublicName(parts: SellerNameParts): string {
  const name = parts.display_name?.trim();
  if (name) return name;
  const country = parts.country?.trim();
  return country ? sellerFromCountry(country) : SELLER_WITHOUT_COUNTRY;
}
