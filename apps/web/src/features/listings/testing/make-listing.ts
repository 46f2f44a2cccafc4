import type { Listing } from '@benchmarket/shared';
import { baseListing } from '@/testing/fixtures';

export const SELLER = { id: '6f1c2d3e-0000-4000-8000-000000000001', email: 'seller@example.com', is_verified: true };
export const BUYER = { id: '6f1c2d3e-0000-4000-8000-000000000002', email: 'buyer@example.com', is_verified: true };
export const LISTING_ID = '0b7a9c1e-1111-4111-8111-111111111111';

/** A listing as GET /listings/{id} answers, owned by SELLER unless overridden. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return baseListing({
    id: LISTING_ID,
    user_id: SELLER.id,
    description: 'Refrigerated benchtop centrifuge.\n\nIncludes A-4-62 rotor.',
    photos: ['/uploads/listings/a/1.webp', '/uploads/listings/a/2.webp', '/uploads/listings/a/3.webp'],
    thumbnails: ['/uploads/listings/a/1-thumb.webp', '/uploads/listings/a/2-thumb.webp', '/uploads/listings/a/3-thumb.webp'],
    expiry_date: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    ...overrides,
  });
}

/** A tiny file of the given type, as a browser's file picker would hand over. */
export function makeFile(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Issue 15: the specifications, regulatory facts and decontamination statement of a listing, every one given. */
export const FULL_SPECIFICATIONS = {
  manufacturer: 'Eppendorf',
  model: '5810R',
  year_of_manufacture: 2019,
  hours_of_use: 1200,
  warranty: '90_days',
  shipping: 'freight',
  lead_time_days: 5,
  included_accessories: ['A-4-62 rotor', 'Power cord'],
  regulatory: { device_class: 'fda_ii', fda_510k_number: 'K123456', ce_marking: true, sale_restriction: 'none' },
  decontamination: { status: 'decontaminated', date: '2025-01-02' },
} satisfies Partial<Listing>;

/** The facts of a listing whose seller stated none (as the API answers it). */
export const NO_SPECIFICATIONS = {
  manufacturer: null,
  model: null,
  year_of_manufacture: null,
  hours_of_use: null,
  warranty: null,
  shipping: null,
  lead_time_days: null,
  included_accessories: [],
  regulatory: { device_class: null, fda_510k_number: null, ce_marking: null, sale_restriction: 'none' },
  decontamination: null,
} satisfies Partial<Listing>;
