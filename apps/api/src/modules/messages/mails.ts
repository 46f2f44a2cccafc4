import { renderMail, type MailContent } from '../mail/index.js';

interface NewMessageMailInput {
  publicUrl: string;
  listingTitle: string;
  senderName: string;
  senderEmail: string;
  /** The sending account's own (verified: issue 14) address. */
  accountEmail: string;
  message: string;
  /** The listing is sold to licensed professionals only, and the sender confirmed being one. */
  licensedProfessional?: boolean;
  /** Issue 16: the conversation the message opened or continued. */
  conversationUrl?: string;
}

const LICENSED_PROFESSIONAL_NOTE =
  'Your listing is sold to licensed professionals only: the sender confirmed being a licensed professional. Check their licence before you sell.';

/** One line, so a title can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * The reply address is typed into the contact form: the seller is told when it is not the
 * sending account's (verified) address, so they are not led to answer someone the sender only
 * claims to be. (Unverified accounts cannot send at all since issue 14.)
 */
function senderNote(input: NewMessageMailInput): string | undefined {
  if (input.senderEmail.toLowerCase() !== input.accountEmail.toLowerCase()) {
    return `Note: this message was sent from the BenchMarket account ${input.accountEmail}; the sender asked for replies to ${input.senderEmail}.`;
  }
  return undefined;
}

/**
 * The seller's notification of a buyer's message. Sent with the buyer's address as reply-to,
 * so "Reply" in the seller's mail program answers the buyer directly.
 */
export function newMessageMail(input: NewMessageMailInput): MailContent {
  const title = oneLine(input.listingTitle);
  const note = senderNote(input);
  return renderMail({
    subject: `New message about "${title}"`,
    heading: 'You have a new message from a buyer',
    paragraphs: [
      `${input.senderName} (${input.senderEmail}) sent you a message about your listing "${title}":`,
      input.message,
      `Reply to this email to answer ${input.senderName} directly, or read all your messages in your dashboard.`,
      ...(input.conversationUrl
        ? [`To answer on BenchMarket, where the buyer can also make you an offer, open the conversation: ${input.conversationUrl}`]
        : []),
      ...(input.licensedProfessional ? [LICENSED_PROFESSIONAL_NOTE] : []),
      ...(note ? [note] : []),
    ],
    action: { label: 'Open my messages', url: `${input.publicUrl}/dashboard?tab=messages` },
    footnote: 'You receive this email because a BenchMarket user contacted you about one of your listings.',
  });
}
