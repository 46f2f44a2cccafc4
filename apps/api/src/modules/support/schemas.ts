/** POST /support: the contract lives in '@benchmarket/shared' (schemas/support.ts), which the web form uses too. */
export { SupportRequestSchema, type SupportRequest } from '@benchmarket/shared';
