import { renderMail, type MailContent } from '../mail/templates.js';

export interface NewMessageMailInput {
  publicUrl: string;
  listingTitle: string;
  senderName: string;
  senderEmail: string;
  /** The sending account's own (verified at sign-up) address. */
  accountEmail: string;
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
  // The reply address is typed into the contact form: say so when it is not the account's,
  // so a seller is not led to answer someone the sender only claims to be.
  const typedElsewhere = input.senderEmail.toLowerCase() !== input.accountEmail.toLowerCase();
  return renderMail({
    subject: `New message about "${title}"`,
    heading: 'You have a new message from a buyer',
    paragraphs: [
      `${input.senderName} (${input.senderEmail}) sent you a message about your listing "${title}":`,
      input.message,
      `Reply to this email to answer ${input.senderName} directly, or read all your messages in your dashboard.`,
      ...(typedElsewhere
        ? [
            `Note: this message was sent from the BenchMarket account ${input.accountEmail}; the sender asked for replies to ${input.senderEmail}.`,
          ]
        : []),
    ],
    action: { label: 'Open my messages', url: `${input.publicUrl}/dashboard?tab=messages` },
    footnote: 'You receive this email because a BenchMarket user contacted you about one of your listings.',
  });
}
