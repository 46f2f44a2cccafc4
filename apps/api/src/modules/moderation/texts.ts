/**
 * Texts of the moderation module the contract leaves to us. The buyer's report texts
 * (REPORT_THANKS, REPORT_ALREADY_OPEN, REPORT_OWN_LISTING) and the console's shared ones
 * (FEATURE_UNTIL_IN_PAST, FEATURE_NOT_LIVE) come from '@benchmarket/shared'.
 */
export const NO_OPEN_REPORTS = 'This listing has no open reports.';
export const NO_OPEN_CONVERSATION_REPORTS = 'This conversation has no open reports.';
