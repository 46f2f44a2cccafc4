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
