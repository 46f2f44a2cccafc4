/**
 * Texts of the messages module the spec leaves to us (spec §8: "Server messages beyond the
 * detail field: not shown"). The spec's own texts ('All fields are required', 'Listing not
 * found') come from '@benchmarket/shared'.
 */

/** spec §6: the owner sees no contact form on their own listing; the API refuses it too. */
export const OWN_LISTING = 'You cannot send a message to your own listing.';

/** Any id that is not a message to the caller: unknown, or someone else's (404, not 403). */
export const MESSAGE_NOT_FOUND = 'Message not found';
