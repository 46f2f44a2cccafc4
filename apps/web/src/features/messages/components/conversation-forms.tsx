import {
  ConversationReplySchema,
  MESSAGE_MAX_LENGTH,
  OFFER_AMOUNT_REQUIRED,
  OFFER_NOTE_MAX_LENGTH,
  OfferCreateSchema,
  REPLY_REQUIRED,
} from '@benchmarket/shared';
import { z } from 'zod';
import { errorDetail } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitCancel } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { useMakeOffer, useReply } from '../api/conversations';

const SEND_FAILED = 'Your message could not be sent. Please try again.';
const OFFER_FAILED = 'Your offer could not be sent. Please try again.';

/** The reply box: POST /conversations/{id}/messages, checked with the API's schema. */
export function ReplyForm({ conversationId }: { conversationId: string }) {
  const reply = useReply(conversationId);
  const { setValues, error, setError, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: ConversationReplySchema,
    initial: { body: '' },
    fieldOrder: ['body'],
    requiredMessage: REPLY_REQUIRED,
  });
  const onSubmit = submitWith(
    async (request) => {
      try {
        await reply.mutateAsync(request);
        setValues({ body: '' });
      } catch (cause) {
        setError(errorDetail(cause, SEND_FAILED));
      }
    },
    { pending: reply.isPending },
  );
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3">
      <TextAreaField label="Your reply" {...fieldProps('body')} rows={3} maxLength={MESSAGE_MAX_LENGTH} required />
      {error && <Alert id={errorId}>{error}</Alert>}
      <Button type="submit" pending={reply.isPending}>
        Send
      </Button>
    </form>
  );
}

/** The offer form's text fields, turned into the API's body by the shared schema's rules. */
const OfferFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, OFFER_AMOUNT_REQUIRED)
    .transform((value) => Number(value.replace(/,/g, '')))
    .pipe(OfferCreateSchema.shape.amount),
  note: OfferCreateSchema.shape.note,
});

/** 'Make an offer' (the buyer): an amount in the listing's currency and an optional note. */
export function OfferForm({ conversationId, onDone }: { conversationId: string; onDone: () => void }) {
  const offer = useMakeOffer(conversationId);
  const { error, setError, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: OfferFormSchema,
    initial: { amount: '', note: '' },
    fieldOrder: ['amount', 'note'],
    requiredMessage: OFFER_AMOUNT_REQUIRED,
  });
  const onSubmit = submitWith(
    async (request) => {
      try {
        await offer.mutateAsync(request);
        onDone();
      } catch (cause) {
        setError(errorDetail(cause, OFFER_FAILED));
      }
    },
    { pending: offer.isPending },
  );
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Make an offer" className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <TextField label="Amount (USD)" {...fieldProps('amount')} inputMode="decimal" autoComplete="off" required autoFocus />
      <TextAreaField
        label={
          <>
            Note <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        {...fieldProps('note')}
        rows={2}
        maxLength={OFFER_NOTE_MAX_LENGTH}
      />
      {error && <Alert id={errorId}>{error}</Alert>}
      <SubmitCancel label="Send offer" pending={offer.isPending} onCancel={onDone} className="flex-wrap" />
    </form>
  );
}
