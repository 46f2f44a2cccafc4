import {
  CONVERSATION_BLOCKED,
  OFFER_STATUS_LABELS,
  formatPrice,
  type ConversationDetail,
  type ConversationEntry,
  type OfferStatus,
} from '@benchmarket/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatusPill, type PillTone } from '@/components/ui/status-pill';
import { useDecideOffer } from '../api/conversations';
import { BlockButton, ReportButton } from './conversation-actions';
import { OfferForm, ReplyForm } from './conversation-forms';
import { formatTime } from './format';

const OFFER_TONES: Record<OfferStatus, PillTone> = {
  pending: 'info',
  accepted: 'success',
  declined: 'danger',
  superseded: 'neutral',
};

type OfferEntry = Extract<ConversationEntry, { kind: 'offer' }>;

function OfferCard({ offer, conversation }: { offer: OfferEntry; conversation: ConversationDetail }) {
  const decide = useDecideOffer();
  const [error, setError] = useState<string | null>(null);
  const canDecide = conversation.role === 'seller' && offer.status === 'pending' && !conversation.is_blocked;
  const onDecide = async (decision: 'accept' | 'decline') => {
    setError(null);
    try {
      await decide.mutateAsync({ offerId: offer.id, decision });
    } catch (cause) {
      setError(errorDetail(cause, 'The offer could not be answered. Please try again.'));
    }
  };
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3 text-slate-900">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {offer.mine ? 'Your offer' : 'Offer'}: {formatPrice(offer.amount)}
        </span>
        <StatusPill tone={OFFER_TONES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</StatusPill>
      </p>
      {offer.note && <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{offer.note}</p>}
      {canDecide && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" pending={decide.isPending && decide.variables.decision === 'accept'} onClick={() => void onDecide('accept')}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            pending={decide.isPending && decide.variables.decision === 'decline'}
            onClick={() => void onDecide('decline')}
          >
            Decline
          </Button>
        </div>
      )}
      {error && (
        <Alert focusOnShow className="mt-2">
          {error}
        </Alert>
      )}
    </div>
  );
}

function Entry({ entry, conversation }: { entry: ConversationEntry; conversation: ConversationDetail }) {
  const time = entry.kind === 'message' ? entry.sent_at : entry.created_at;
  const who = entry.mine ? 'You' : conversation.other_party_name;
  return (
    <li className={cn('flex flex-col', entry.mine ? 'items-end' : 'items-start')}>
      <p className="text-xs text-slate-600">
        <span className="font-medium text-slate-700">{who}</span> · <time dateTime={time}>{formatTime(time)}</time>
      </p>
      {entry.kind === 'message' ? (
        <p
          className={cn(
            'mt-1 max-w-[85%] rounded-2xl px-4 py-2 break-words whitespace-pre-wrap',
            entry.mine ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-900',
          )}
        >
          {entry.body}
        </p>
      ) : (
        <div className="mt-1 max-w-[85%]">
          <OfferCard offer={entry} conversation={conversation} />
        </div>
      )}
    </li>
  );
}

/**
 * Issue 16: one conversation — its messages and offers with their times, a reply box, 'Make an
 * offer' for the buyer, 'Accept'/'Decline' on a pending offer for the seller, and Block and
 * Report. On a phone it replaces the list, with a link back to it.
 */
export function ConversationView({ conversation }: { conversation: ConversationDetail }) {
  const [offering, setOffering] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.entries.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <article aria-labelledby="conversation-heading" className="rounded-xl border border-slate-200 bg-white">
      <header className="border-b border-slate-200 p-4">
        <Link to="/messages" className="mb-2 inline-block text-sm font-medium text-teal-800 underline underline-offset-2 md:hidden">
          ← All conversations
        </Link>
        <h2 id="conversation-heading" className="text-lg font-semibold break-words text-slate-900">
          <Link to={`/listings/${encodeURIComponent(conversation.listing.id)}`} className="underline-offset-2 hover:underline">
            {conversation.listing.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">
          {conversation.role === 'buyer' ? 'Seller' : 'Buyer'}: {conversation.other_party_name} · Asking{' '}
          {formatPrice(conversation.listing.price)}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <BlockButton conversation={conversation} />
          <ReportButton conversation={conversation} />
        </div>
      </header>

      <ol aria-label="Messages and offers" className="space-y-4 p-4">
        {conversation.entries.map((entry) => (
          <Entry key={`${entry.kind}-${entry.id}`} entry={entry} conversation={conversation} />
        ))}
      </ol>
      <div ref={endRef} />

      <div className="border-t border-slate-200 p-4">
        {conversation.is_blocked ? (
          <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {CONVERSATION_BLOCKED}
            {conversation.blocked_by_me ? ' You blocked this person; unblock them to write again.' : ''}
          </p>
        ) : (
          <>
            <ReplyForm conversationId={conversation.id} />
            {conversation.role === 'buyer' &&
              (offering ? (
                <OfferForm
                  conversationId={conversation.id}
                  onDone={() => {
                    setOffering(false);
                  }}
                />
              ) : (
                <Button
                  variant="secondary"
                  className="mt-3"
                  onClick={() => {
                    setOffering(true);
                  }}
                >
                  Make an offer
                </Button>
              ))}
          </>
        )}
      </div>
    </article>
  );
}
