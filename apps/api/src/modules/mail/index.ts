/** The mail module's public face: the mailer (app.mailer) and the mail layout other modules render. */
export type { Mailer } from './plugin.js';
export { mailingDependencies, MailingService, type MailingDependencies } from './dependencies.js';
export { renderMail, type MailContent, type MailItem, type MailLayout } from './templates.js';
