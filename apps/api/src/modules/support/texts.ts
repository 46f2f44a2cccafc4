/**
 * Texts of the support form (/support, issue 8). The spec shows no /support route, so these
 * are ours; they are candidates for '@benchmarket/shared' once the web form uses them.
 */
export const SUPPORT_SENT = 'Thanks — your message has been sent. We usually reply within one business day.';
export const SUPPORT_FIELDS_REQUIRED = 'Please fill in your name, email address and message.';
export const SUPPORT_NAME_TOO_LONG = 'Name must be at most 100 characters';
export const SUPPORT_SUBJECT_TOO_LONG = 'Subject must be at most 150 characters';
export const SUPPORT_MESSAGE_TOO_LONG = 'Message must be at most 5000 characters';

export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
