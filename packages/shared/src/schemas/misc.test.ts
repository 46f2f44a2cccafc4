import { describe, expect, it } from 'vitest';
import { PublicConfigSchema } from './config.js';
import { FeedbackCreateSchema } from './feedback.js';
import { ContactFormSchema, MessageCreateSchema } from './messages.js';
import { CreatePaymentIntentRequestSchema, PaymentSchema } from './payments.js';

const ID = '3f0e0c4e-8a53-4c5e-9d6b-2f1a7c9e0b11';

describe('FeedbackCreateSchema', () => {
  it('refuses a blank comment with the spec text', () => {
    for (const comment of ['', '   \n ', undefined]) {
      expect(FeedbackCreateSchema.safeParse({ comment }).error?.issues[0]?.message).toBe(
        'Please enter your feedback. Blank submissions are not allowed.',
      );
    }
  });

  it('allows up to 1000 characters after trimming', () => {
    expect(FeedbackCreateSchema.parse({ comment: `  ${'x'.repeat(1000)}  ` }).comment).toHaveLength(1000);
    expect(FeedbackCreateSchema.safeParse({ comment: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('contact form', () => {
  it('says all fields are required when one is blank', () => {
    const form = { sender_name: 'Ann', sender_email: 'ann@lab.org', message: 'Is it available?' };
    for (const field of Object.keys(form) as (keyof typeof form)[]) {
      expect(ContactFormSchema.safeParse({ ...form, [field]: ' ' }).error?.issues[0]?.message, field).toBe('All fields are required');
    }
  });

  it('normalises the sender email and needs the listing id on the request', () => {
    const body = { listing_id: ID, sender_name: ' Ann ', sender_email: 'Ann@Lab.org', message: 'Hi' };
    expect(MessageCreateSchema.parse(body)).toEqual({
      listing_id: ID,
      sender_name: 'Ann',
      sender_email: 'ann@lab.org',
      message: 'Hi',
    });
    expect(MessageCreateSchema.safeParse({ ...body, listing_id: undefined }).success).toBe(false);
  });
});

describe('payments', () => {
  it('creates an intent only for a valid duration', () => {
    expect(CreatePaymentIntentRequestSchema.safeParse({ listing_id: ID, duration_months: 6 }).success).toBe(true);
    expect(CreatePaymentIntentRequestSchema.safeParse({ listing_id: ID, duration_months: 5 }).success).toBe(false);
  });

  it("knows the spec's three payment statuses and 'refunded' (a duplicate charge given back)", () => {
    const payment = {
      id: ID,
      listing_id: ID,
      duration_months: 1,
      amount: 29.99,
      status: 'completed',
      created_at: '2025-03-01T12:00:00Z',
    };
    expect(PaymentSchema.safeParse(payment).success).toBe(true);
    for (const status of ['pending', 'failed', 'refunded']) expect(PaymentSchema.safeParse({ ...payment, status }).success).toBe(true);
    expect(PaymentSchema.safeParse({ ...payment, status: 'refund_due' }).success).toBe(false);
  });
});

describe('PublicConfigSchema', () => {
  it('accepts the sandbox configuration with no Google client', () => {
    const config = {
      google_client_id: null,
      payment_provider: 'sandbox',
      stripe_publishable_key: null,
      promotion: { active: true, free_until: '2026-06-30', free_days: 30, label: 'List Free Until June' },
      pricing: { currency: 'USD', base_price: 29.99, additional_month_price: 19.99, extension_month_price: 24.99 },
    };
    expect(PublicConfigSchema.safeParse(config).success).toBe(true);
    expect(PublicConfigSchema.safeParse({ ...config, payment_provider: 'paypal' }).success).toBe(false);
  });
});
