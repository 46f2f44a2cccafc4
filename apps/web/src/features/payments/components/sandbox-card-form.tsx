import { formatPrice } from '@benchmarket/shared';
import { useId, useRef, useState, type FormEvent, type Ref, type RefObject } from 'react';
import { useConfirmSandboxCard } from '../api/confirm-card';
import { cardErrorMessage } from '../lib/payment-errors';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';

/** The sandbox's test cards (Stripe's test numbers, docs/decisions/005-payments.md). */
const TEST_CARD_HINT =
  'Test mode: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any future expiry date and any 3-digit CVC.';

const CARD_NUMBER_INVALID = 'Please enter a valid card number.';
const EXPIRY_INVALID = 'Please enter the expiry date as MM/YY.';
const CVC_INVALID = 'Please enter the 3- or 4-digit security code (CVC).';

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12/30': the slash comes by itself, and goes again with backspace. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** 'MM/YY' → month and four-digit year, or null. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

/** How a digits field of the card is labelled, hinted and typed. */
interface CardFieldSpec {
  label: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  /** Keeps only what the field accepts, in its display form. */
  format: (value: string) => string;
}

interface CardNumberFieldProps extends CardFieldSpec {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  ref: Ref<HTMLInputElement>;
}

/**
 * A digits field of the card (number, expiry, CVC): numeric keyboard, input formatted as
 * typed; its error is not announced by itself (the form moves the focus to it).
 */
function CardNumberField({ onValue, format, ...props }: CardNumberFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      announceError={false}
      onChange={(event) => {
        onValue(format(event.target.value));
      }}
      {...props}
    />
  );
}

type Field = 'number' | 'expiry' | 'cvc';
type FieldErrors = Partial<Record<Field, string>>;

const CARD_FIELDS: Record<Field, CardFieldSpec> = {
  number: {
    label: 'Card number',
    name: 'cardnumber',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    format: formatCardNumber,
  },
  expiry: { label: 'Expiry (MM/YY)', name: 'exp-date', autoComplete: 'cc-exp', placeholder: 'MM/YY', format: formatExpiry },
  cvc: { label: 'CVC', name: 'cvc', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4, format: formatCvc },
};

interface SandboxCardFormProps {
  clientSecret: string;
  amount: number;
  currency: string;
  /** The card was charged: the payment intent's id. */
  onPaid: (paymentIntentId: string) => void;
}

/**
 * The card step of the sandbox provider (no real money): number, expiry and CVC, sent to
 * POST /payments/sandbox/confirm-card as Stripe.js would send them to Stripe. A declined card
 * shows the provider's text and the form stays, for another try or another card.
 */
export function SandboxCardForm({ clientSecret, amount, currency, onPaid }: SandboxCardFormProps) {
  const confirmCard = useConfirmSandboxCard();
  const [card, setCard] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const { number, expiry, cvc } = card;
  const [name, setName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const hintId = useId();
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    const digits = number.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19) errors.number = CARD_NUMBER_INVALID;
    if (!parseExpiry(expiry)) errors.expiry = EXPIRY_INVALID;
    if (!/^\d{3,4}$/.test(cvc.trim())) errors.cvc = CVC_INVALID;
    return errors;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmCard.isPending) return;
    setFailure(null);
    const errors = validate();
    setFieldErrors(errors);
    const firstInvalid = (['number', 'expiry', 'cvc'] as const).find((field) => errors[field]);
    const expiryDate = parseExpiry(expiry);
    if (firstInvalid || !expiryDate) {
      refs[firstInvalid ?? 'expiry'].current?.focus();
      return;
    }
    confirmCard.mutate(
      {
        client_secret: clientSecret,
        card_number: number.replace(/\D/g, ''),
        exp_month: expiryDate.month,
        exp_year: expiryDate.year,
        cvc: cvc.trim(),
      },
      {
        onSuccess: (result) => {
          onPaid(result.payment_intent.id);
        },
        onError: (error) => {
          setFailure(cardErrorMessage(error));
        },
      },
    );
  };

  const pending = confirmCard.isPending || confirmCard.isSuccess;
  const cardField = (field: Field) => (
    <CardNumberField
      ref={refs[field]}
      {...CARD_FIELDS[field]}
      value={card[field]}
      onValue={(value) => {
        setCard((current) => ({ ...current, [field]: value }));
      }}
      error={fieldErrors[field]}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={hintId} className="space-y-4">
      <p id={hintId} className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
        {TEST_CARD_HINT}
      </p>
      {failure && <Alert focusOnShow title={failure} />}
      {cardField('number')}
      <div className="grid grid-cols-2 gap-4">
        {cardField('expiry')}
        {cardField('cvc')}
      </div>
      <TextField
        label="Name on card (optional)"
        name="ccname"
        type="text"
        autoComplete="cc-name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <Button type="submit" block pending={pending}>
        Pay {formatPrice(amount, currency.toUpperCase())}
      </Button>
    </form>
  );
}
