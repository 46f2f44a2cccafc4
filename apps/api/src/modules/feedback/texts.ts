/**
 * Feedback texts the spec leaves to us. The spec's own (blank feedback, 1000 characters) come
 * from '@benchmarket/shared'.
 */

/** spec §6: only verified users can submit feedback. */
export const FEEDBACK_VERIFIED_ONLY =
  'Only verified users can submit feedback. Please verify your email address first — check your inbox for the verification link.';

export const FEEDBACK_THANKS = 'Thank you for your feedback!';
