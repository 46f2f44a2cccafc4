import { renderMail, type MailContent } from '../mail/index.js';
import type { CurrentUser } from '../auth/index.js';
import type { SupportRequest } from './schemas.js';

const SUPPORT_ACK_SUBJECT = 'We received your message — BenchMarket support';

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The request as the support team receives it; they answer with Reply (reply-to the sender). */
export function supportRequestMail(request: SupportRequest, account: CurrentUser | null): MailContent {
  const about = request.subject ? oneLine(request.subject) : `Message from ${oneLine(request.name)}`;
  return renderMail({
    subject: `[Support] ${about}`,
    heading: 'New support request',
    paragraphs: [
      `From: ${request.name} <${request.email}>`,
      account
        ? `Account: ${account.email} (id ${account.id}, ${account.isVerified ? 'verified' : 'not verified'})`
        : 'Account: not logged in',
      `Subject: ${request.subject ?? '(none)'}`,
      request.message,
      'Reply to this email to answer the sender directly.',
    ],
  });
}

/**
 * The sender's acknowledgement. It quotes nothing the sender typed: anyone can give any
 * address, and the form must not become a way to mail chosen text to strangers.
 */
export function supportAcknowledgementMail(publicUrl: string): MailContent {
  return renderMail({
    subject: SUPPORT_ACK_SUBJECT,
    heading: 'We received your message',
    paragraphs: [
      'Thank you for contacting BenchMarket support. Your message has reached our team, and we usually reply within one business day.',
      'If you did not write to us, you can ignore this email.',
    ],
    action: { label: 'Visit BenchMarket', url: publicUrl },
  });
}
