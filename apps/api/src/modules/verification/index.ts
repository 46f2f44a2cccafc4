/** The verification module's public face: the listing check (local rules, or the AI model with the rules as fallback). */
export { createListingVerifier, localVerifier, type ListingCheck, type ListingVerifier } from './verifier.js';
export { checkListing, type VerificationInput, type VerificationResult, type VerificationStatus } from './local-engine.js';
