import { renderMail, type MailContent } from '../mail/index.js';

/** One line, so a title can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

interface ConversationMailInput {
  conversationUrl: string;
  listingTitle: string;
  /** How the recipient knows the sender: the buyer's name or the seller's public name. */
  senderName: string;
}

/**
 * Decision 022: a conversation mail goes out with the sender's account address as Reply-To, so
 * a reply typed in the mail program reaches the sender rather than being lost; the text says
 * so, and that answering at the link keeps the conversation on BenchMarket.
 */
function replyNote(senderName: string): string {
  return `Replying to this email sends your answer to ${senderName} directly by email. To keep the conversation (and any offers) in one place, answer on BenchMarket instead.`;
}

const FOOTNOTE = 'You receive this email because you take part in a conversation about a listing on BenchMarket.';

/** The other side's notification of a new message in a conversation. */
export function conversationMessageMail(input: ConversationMailInput & { body: string }): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `New message about "${title}"`,
    heading: `${input.senderName} sent you a message`,
    paragraphs: [`${input.senderName} wrote about "${title}":`, input.body, replyNote(input.senderName)],
    action: { label: 'Open the conversation', url: input.conversationUrl },
    footnote: FOOTNOTE,
  });
}

/** The seller's notification of a buyer's offer. */
export function offerMail(input: ConversationMailInput & { amount: string; note: string | null }): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `New offer of ${input.amount} for "${title}"`,
    heading: `${input.senderName} made you an offer`,
    paragraphs: [
      `${input.senderName} offers ${input.amount} for "${title}".`,
      ...(input.note ? [`Their note: ${input.note}`] : []),
      'Accept or decline it with one click in the conversation.',
      replyNote(input.senderName),
    ],
    action: { label: 'Answer the offer', url: input.conversationUrl },
    footnote: FOOTNOTE,
  });
}

/** The buyer's notification that the seller accepted or declined their offer. */
export function offerDecisionMail(input: ConversationMailInput & { amount: string; accepted: boolean }): MailContent {
  const title = oneLine(input.listingTitle);
  const word = input.accepted ? 'accepted' : 'declined';
  return renderMail({
    subject: `Your offer for "${title}" was ${word}`,
    heading: `Your offer was ${word}`,
    paragraphs: [
      `${input.senderName} ${word} your offer of ${input.amount} for "${title}".`,
      input.accepted
        ? 'Agree on payment and delivery with the seller in the conversation.'
        : 'You can make a new offer in the conversation.',
      replyNote(input.senderName),
    ],
    action: { label: 'Open the conversation', url: input.conversationUrl },
    footnote: FOOTNOTE,
  });
}
