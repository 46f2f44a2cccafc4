import { EMAIL_INVALID } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { uniqueEmail } from './support/auth.js';
import { call, createUser, uniqueIp } from './support/messages-fixtures.js';
import { startSmtpServer } from './support/smtp.js';
import { expectDetail } from './support/responses.js';
import { useAppWithStandIn } from './support/stand-in-app.js';

const SUPPORT_EMAIL = 'help@benchmarket.test';
const SENT = 'Thanks — your message has been sent. We usually reply within one business day.';
const REQUIRED = 'Please fill in your name, email address and message.';
const PER_IP_PER_HOUR = 4;
const PER_ADDRESS_PER_HOUR = 2;

const stand = useAppWithStandIn(startSmtpServer, (smtp) => ({
  SMTP_URL: smtp.url,
  SUPPORT_EMAIL,
  RATE_LIMIT_MESSAGES_PER_HOUR: String(PER_IP_PER_HOUR),
  RATE_LIMIT_EMAIL_PER_HOUR: String(PER_ADDRESS_PER_HOUR),
}));

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Grace Hopper',
    email: uniqueEmail('grace'),
    subject: 'Invoice for my listing',
    message: 'Could you send me an invoice for my last payment?',
    ...overrides,
  };
}

const contact = (payload: unknown, options: { token?: string; ip?: string } = {}) =>
  call(stand.ctx.app, 'POST', '/support', { payload, ...options });

async function mailJobCount(): Promise<number> {
  return (await stand.ctx.app.db.select({ id: jobs.id }).from(jobs)).length;
}

describe('POST /api/v1/support', () => {
  it('lets a visitor write to support: the support address gets the request with reply-to the sender', async () => {
    const payload = form({ message: 'My payment went through\nbut the listing is not live.' });
    const response = await contact(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SENT });

    await stand.ctx.app.worker.runDueJobs();
    const mail = await stand.server.waitForMail(SUPPORT_EMAIL, { subject: 'Invoice for my listing' });
    expect(mail.subject).toBe('[Support] Invoice for my listing');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(payload.email);
    expect(mail.text).toContain('Grace Hopper');
    expect(mail.text).toContain(payload.email);
    expect(mail.text).toContain('My payment went through');
    expect(mail.text).toContain('Account: not logged in');
    expect(mail.html).toContain('My payment went through');
  });

  it('acknowledges to the sender without quoting anything they typed', async () => {
    const payload = form({ name: 'Buy cheap pills at spam.example', subject: 'spam.example deals', message: 'Visit spam.example now' });
    expect((await contact(payload)).statusCode).toBe(200);
    await stand.ctx.app.worker.runDueJobs();
    const ack = await stand.server.waitForMail(payload.email);
    expect(ack.subject).toBe('We received your message — BenchMarket support');
    expect(ack.text).toContain('one business day');
    expect(ack.text).not.toContain('spam.example');
    expect(ack.html).not.toContain('spam.example');
    expect(stand.server.mailsTo(payload.email)).toHaveLength(1);
  });

  it('names the account of a logged-in sender, and works without a subject', async () => {
    const user = await createUser(stand.ctx.app, { verified: false });
    const payload = form({ name: 'Linus', subject: undefined, email: user.email });
    const response = await contact(payload, { token: user.token });
    expect(response.statusCode).toBe(200);
    await stand.ctx.app.worker.runDueJobs();
    const mail = await stand.server.waitForMail(SUPPORT_EMAIL, { subject: 'Message from Linus' });
    expect(mail.text).toContain(`Account: ${user.email}`);
    expect(mail.text).toContain('not verified');
  });

  it('treats a bad token as a visitor rather than refusing the message', async () => {
    const response = await contact(form(), { token: 'expired-or-garbage' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a missing or blank name, email or message, and sends nothing', async () => {
    const before = await mailJobCount();
    for (const field of ['name', 'email', 'message']) {
      for (const value of [undefined, '', '   ']) {
        const payload: Record<string, unknown> = form({ [field]: value });
        if (value === undefined) delete payload[field];
        const response = await contact(payload);
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().detail).toBe(REQUIRED);
      }
    }
    const invalid = await contact(form({ email: 'grace-at-navy' }));
    expectDetail(invalid, 400, EMAIL_INVALID);
    expect(await mailJobCount()).toBe(before);
  });

  it('refuses fields that are too long', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ subject: 's'.repeat(151) }, 'Subject must be at most 150 characters'],
      [{ message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ];
    for (const [overrides, detail] of cases) {
      const response = await contact(form(overrides));
      expectDetail(response, 400, detail);
    }
    expect((await contact(form({ message: 'm'.repeat(5000), subject: 's'.repeat(150) }))).statusCode).toBe(200);
  });

  it('limits each IP address per hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_IP_PER_HOUR; i += 1) {
      expect((await contact(form(), { ip })).statusCode).toBe(200);
    }
    const refused = await contact(form(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('Too many attempts');
    expect((await contact(form(), { ip: uniqueIp() })).statusCode).toBe(200);
  });

  it('limits the messages per sender address, so the acknowledgement cannot flood an inbox', async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await contact(form({ email }))).statusCode).toBe(200);
    }
    const refused = await contact(form({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
  });
});
