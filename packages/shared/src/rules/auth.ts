/** Auth rules (spec §8). */
import { ALREADY_VERIFIED_MARKER } from '../messages.js';

/** spec §8: an error detail containing 'already verified' counts as a successful verification. */
export function isAlreadyVerifiedDetail(detail: string | null | undefined): boolean {
  return typeof detail === 'string' && detail.toLowerCase().includes(ALREADY_VERIFIED_MARKER);
}
