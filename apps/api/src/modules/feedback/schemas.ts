/**
 * POST /reviews/: the contract lives in '@benchmarket/shared' (schemas/feedback.ts): the spec's
 * comment plus the optional `page` the panel was opened on, and the stored comment and a
 * thank-you in the answer.
 */
export { FeedbackCreatedSchema, FeedbackRequestSchema, type FeedbackCreated } from '@benchmarket/shared';
