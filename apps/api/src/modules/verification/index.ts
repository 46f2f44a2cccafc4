/** The verification module's public face: the listing check (local rules, or the AI model with the rules as fallback). */
export { createListingVerifier, type ListingCheck, type ListingVerifier } from './verifier.js';
export {
  checkListing,
  prohibitedReasonOf,
  type VerificationInput,
  type VerificationResult,
  type VerificationStatus,
} from './local-engine.js';
