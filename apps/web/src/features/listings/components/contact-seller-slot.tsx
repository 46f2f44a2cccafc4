import type { Listing } from '@benchmarket/shared';
import { ContactSellerPanel } from './contact-seller/contact-seller-panel';

/**
 * Where the contact-seller panel of spec §2 goes for anyone but the owner
 * (`contact-seller/`).
 */
export function ContactSellerSlot({ listing }: { listing: Listing }) {
  return <ContactSellerPanel listing={listing} />;
}
