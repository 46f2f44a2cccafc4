/**
 * @benchmarket/shared — what the API and the web app must agree on: constants and texts of
 * the spec, zod schemas (`XxxSchema`) with their inferred types (`Xxx`), pure rules, the
 * country list and the equipment taxonomy. Browser-safe: no Node built-ins.
 *
 * The modules before the schemas import no zod (checked by zod-free.test.ts): a page that
 * only shows values (labels, limits, texts, rules) must not pull zod onto its first load.
 */
export * from './constants.js';
export * from './messages.js';
export * from './condition-values.js';
export * from './specification-values.js';
export * from './document-values.js';
export * from './saved-search-values.js';
export * from './conditions.js';
export * from './countries.js';
export * from './taxonomy.js';
export * from './category-names.js';
export * from './conversation-values.js';
export * from './routes.js';
export * from './watchlist.js';
export * from './json-for-script.js';

export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/specifications.js';
export * from './schemas/documents.js';
export * from './schemas/listings.js';
export * from './schemas/search.js';
export * from './schemas/payments.js';
export * from './schemas/messages.js';
export * from './schemas/feedback.js';
export * from './schemas/support.js';
export * from './schemas/config.js';
export * from './schemas/countries.js';
export * from './schemas/admin.js';
export * from './schemas/sellers.js';
export * from './schemas/saved-searches.js';
export * from './schemas/watchlist.js';
export * from './schemas/conversations.js';

export * from './rules/verification-badge.js';
export * from './rules/expiry.js';
export * from './rules/listing-actions.js';
export * from './rules/relevance.js';
export * from './rules/format.js';
export * from './rules/payments.js';
export * from './rules/auth.js';
export * from './rules/seller-name.js';
