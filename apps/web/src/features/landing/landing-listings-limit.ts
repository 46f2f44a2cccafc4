/** How many listings the landing page's strip shows. */
export const LANDING_LISTINGS_LIMIT = 8;
