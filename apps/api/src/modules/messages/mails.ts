import { renderMail, type MailContent } from '../mail/templates.js';

export interface NewMessageMailInput {
  publicUrl: string;
  listingTitle: string;
  senderName: string;
  senderEmail: string;
  message: string;
}

/** One line, so a title can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * The seller's notification of a buyer's message. Sent with the buyer's address as reply-to,
 * so "Reply" in the seller's mail program answers the buyer directly.
 */
export function newMessageMail(input: NewMessageMailInput): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `New message about "${title}"`,
    heading: 'You have a new message from a buyer',
    paragraphs: [
      `${input.senderName} (${input.senderEmail}) sent you a message about your listing "${title}":`,
      input.message,
      `Reply to this email to answer ${input.senderName} directly, or read all your messages in your dashboard.`,
    ],
    action: { label: 'Open my messages', url: `${input.publicUrl}/dashboard?tab=messages` },
    footnote: 'You receive this email because a BenchMarket user contacted you about one of your listings.',
  });
}
