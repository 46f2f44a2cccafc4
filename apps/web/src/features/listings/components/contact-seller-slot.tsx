import type { Listing } from '@benchmarket/shared';
import { ContactSellerPanel } from '@/features/messages/components/contact-seller-panel';

/**
 * Where the contact-seller panel of spec §2 goes for anyone but the owner: the messages
 * feature's panel.
 */
export function ContactSellerSlot({ listing }: { listing: Listing }) {
  return <ContactSellerPanel listing={listing} />;
}
