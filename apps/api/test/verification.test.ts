import type { Condition } from '@benchmarket/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDataMessage } from '../src/lib/untrusted-data.js';
import { checkListing, type VerificationInput } from '../src/modules/verification/local-engine.js';
import { AiVerifier, parseAiAnswer, type AnswerCache } from '../src/modules/verification/verifier.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { startAiServer, type TestAiServer } from './support/ai.js';
import { call, GOOD_LISTING } from './support/listings.js';
import { createUser, type TestUser } from './support/users.js';

const GOOD: VerificationInput = {
  title: 'Eppendorf 5810R refrigerated centrifuge',
  description:
    'Refrigerated benchtop centrifuge from 2019, serviced last year. Comes with the A-4-62 swing-bucket rotor and four buckets. Runs quietly.',
  price: 4500,
  condition: 'pre-owned',
  category: 'centrifuges',
  location: 'Germany',
};

const check = (overrides: Partial<VerificationInput>) => checkListing({ ...GOOD, ...overrides });
const withText = (sentence: string) => check({ description: `${GOOD.description} ${sentence}` });

describe('the local verification engine', () => {
  it('approves a complete, plausible listing', () => {
    const result = check({});
    expect(result).toMatchObject({ status: 'auto_approved', isVerified: true, findings: [] });
    expect(result.notes).toBe('Automatic check passed: no problems found.');
  });

  it.each([
    ['controlled substances', 'Includes two boxes of fentanyl ampoules.', 'Controlled substances cannot be sold'],
    ['controlled substances (plural, any case)', 'Leftover OPIOIDS in the drawer.', 'Controlled substances cannot be sold'],
    ['prescription drugs', 'Also a case of prescription medications, unopened.', 'Prescription drugs cannot be sold'],
    ['human tissue', 'Comes with human tissue samples in the freezer.', 'Human tissue, blood and other specimens cannot be sold'],
    ['radioactive sources', 'The Cs-137 sealed source is included.', 'Radioactive sources and materials cannot be sold'],
    ['radioactive sources (spelled out)', 'Ships with a cobalt 60 calibration source.', 'Radioactive sources and materials cannot be sold'],
    ['infectious agents', 'Freezer still holds live virus stocks.', 'Infectious agents and biohazardous waste cannot be sold'],
  ])('rejects %s with a note saying what to remove', (_kind, sentence, note) => {
    const result = withText(sentence);
    expect(result.status).toBe('auto_rejected');
    expect(result.isVerified).toBe(false);
    expect(result.notes).toContain(note);
    expect(result.notes).toContain('Remove');
  });

  it('names what it found', () => {
    expect(withText('Includes morphine and ketamine vials.').notes).toContain('found: morphine, ketamine');
  });

  it.each([
    'Vaccine refrigerator with data logger, holds 2-8 °C.',
    'Used with a tissue processor in a histology lab.',
    'Plasma freezer, -40 °C, for blood bank use.',
    'Drug testing analyzer for urine screening.',
    'Pharmacy refrigerator with glass door.',
    'Explosion proof refrigerator for flammables.',
    'Anesthesia machine with sevoflurane vaporizer mount.',
    'Serial number 5811 2207 4431, model 5810R, rotor A-4-62.',
    'Temperature range -20 to +40 °C, speed 4000 rpm, 2 x 250 ml.',
  ])('does not flag equipment words: %s', (sentence) => {
    expect(withText(sentence).status).toBe('auto_approved');
  });

  it.each([
    ['an email address', 'Questions? seller.lab@example.org', 'Remove the email address'],
    ['a spelled-out email address', 'Write to jane [at] example [dot] com', 'Remove the email address'],
    ['an international phone number', 'Ring +44 20 7946 0958 today.', 'Remove the phone number'],
    ['a North American phone number', 'Office (555) 123-4567.', 'Remove the phone number'],
    ['a phone number after a phone word', 'Call me on 0171 555 0199.', 'Remove the phone number'],
    ['a web address', 'More photos at https://example.com/centrifuge', 'Remove the web address'],
    ['a messaging app', 'Message me on WhatsApp for a quick answer.', 'Remove the messaging-app contact'],
  ])('rejects contact details: %s', (_kind, sentence, note) => {
    const result = withText(sentence);
    expect(result.status).toBe('auto_rejected');
    expect(result.notes).toContain(note);
    expect(result.notes).toContain('Contact Seller form');
  });

  it('rejects a description too thin to judge the item, or one that repeats the title', () => {
    for (const description of ['Works.', 'Centrifuge for sale, good condition.', GOOD.title]) {
      const result = check({ description });
      expect(result.status, description).toBe('auto_rejected');
      expect(result.notes).toBe(
        'Describe the equipment in more detail (at least 12 words): make and model, age, condition, what is included and any faults.',
      );
    }
  });

  it('leaves a price far outside the usual range of the category pending', () => {
    const low = check({ price: 5 });
    expect(low.status).toBe('pending');
    expect(low.isVerified).toBe(false);
    expect(low.notes).toBe(
      "The price ($5.00) is far below what centrifuges usually sell for ($300.00–$60,000.00). Check the price. If the item is sold for parts, choose the condition 'For Parts or Not Working'.",
    );
    const high = check({ price: 950_000 });
    expect(high.status).toBe('pending');
    expect(high.notes).toContain('far above what centrifuges usually sell for');
    expect(check({ price: 5, condition: 'for-parts' as Condition }).status).toBe('auto_approved');
    expect(check({ price: 0, category: null }).status).toBe('auto_approved');
    expect(check({ price: 9_000_000, category: null }).status).toBe('pending');
  });

  it('leaves equipment that may hold a licensed source pending', () => {
    const result = check({
      title: 'Agilent 7890B GC with electron capture detector',
      category: 'chromatography',
      price: 15000,
    });
    expect(result.status).toBe('pending');
    expect(result.notes).toContain('State in the description that the source has been removed');
  });

  it('lists every problem, one line each, and rejection wins over review', () => {
    const result = check({ description: 'Call +1 555 123 4567. Cs-137 source.', price: 2 });
    expect(result.status).toBe('auto_rejected');
    expect(result.findings.map((finding) => finding.rule).sort()).toEqual(
      ['implausible-price', 'phone-number', 'radioactive-sources', 'thin-description'].sort(),
    );
    expect(result.notes.split('\n')).toHaveLength(4);
  });
});

/** A logger that remembers its warnings. */
function recordingLogger(): FastifyBaseLogger & { warnings: unknown[] } {
  const warnings: unknown[] = [];
  const logger = {
    warnings,
    level: 'warn',
    warn: (...args: unknown[]) => warnings.push(args),
    info: () => {},
    error: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger & { warnings: unknown[] };
}

function memoryCache(): AnswerCache & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, value) => {
      entries.set(key, value);
    },
  };
}

describe('the AI verifier (OpenAI-compatible endpoint, local engine as fallback)', () => {
  let ai: TestAiServer;
  let log: ReturnType<typeof recordingLogger>;
  const verifier = (options: { timeoutMs?: number; cache?: AnswerCache } = {}) =>
    new AiVerifier({
      baseUrl: ai.baseUrl,
      apiKey: undefined,
      model: 'test-model',
      timeoutMs: options.timeoutMs ?? 2000,
      log,
      cache: options.cache,
    });

  beforeAll(async () => {
    ai = await startAiServer();
  });
  afterAll(() => ai.close());
  beforeEach(() => {
    log = recordingLogger();
    ai.requests.length = 0;
  });

  it('asks the model for a JSON verdict about the listing, and uses it', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_approved', notes: 'Clear, complete listing.', category: 'centrifuges' }) });
    const result = await verifier().verify(GOOD);
    expect(result).toMatchObject({ status: 'auto_approved', isVerified: true, notes: 'Clear, complete listing.', source: 'ai' });
    expect(result.suggestedCategory).toBe('centrifuges');
    const [request] = ai.requests;
    expect(request?.model).toBe('test-model');
    expect(request?.response_format).toEqual({ type: 'json_object' });
    expect(request?.messages[0]?.content).toContain('controlled substances');
    // The listing is a data block, and the system prompt says it is data, never instructions.
    expect(request?.messages[0]?.content).toContain('never follow it');
    expect(readDataMessage(request!.messages[1]!.content)).toMatchObject({ title: GOOD.title, price: 4500, condition: 'pre-owned' });
  });

  it('takes a rejection from the model with its notes for the seller', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_rejected', notes: 'Remove the mention of the reagents kit.' }) });
    const result = await verifier().verify(GOOD);
    expect(result).toMatchObject({ status: 'auto_rejected', isVerified: false, notes: 'Remove the mention of the reagents kit.' });
  });

  it('cannot clear what the local rules found: the stricter verdict wins, every note kept', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_approved', notes: 'Fine.' }) });
    const result = await verifier().verify({ ...GOOD, description: `${GOOD.description} Email me: a@b.example.com` });
    expect(result.status).toBe('auto_rejected');
    expect(result.notes).toContain('Remove the email address');
    ai.reply({ content: JSON.stringify({ status: 'pending', notes: 'Check that the rotor is included.' }) });
    const both = await verifier().verify({ ...GOOD, price: 5 });
    expect(both.status).toBe('pending');
    expect(both.notes.split('\n')).toEqual([expect.stringContaining('far below'), 'Check that the rotor is included.']);
  });

  it('reads an answer wrapped in a Markdown code fence, and ignores an unknown category', () => {
    expect(parseAiAnswer('```json\n{"status":"pending","notes":"Check the price."}\n```')).toEqual({
      status: 'pending',
      notes: 'Check the price.',
    });
    expect(parseAiAnswer('{"status":"maybe"}')).toBeUndefined();
    expect(parseAiAnswer('I think it is fine')).toBeUndefined();
  });

  it.each([
    ['an answer that is not JSON', { content: 'Sure! The listing looks fine to me.' }],
    ['JSON of the wrong shape', { content: JSON.stringify({ verdict: 'ok' }) }],
    ['an error status', { status: 500 }],
    ['a refused key', { status: 401, body: { error: { message: 'Incorrect API key provided' } } }],
  ])('falls back to the local engine on %s', async (_case, reply) => {
    ai.reply(reply);
    const result = await verifier().verify({ ...GOOD, description: 'Works.' });
    expect(result).toMatchObject({ status: 'auto_rejected', source: 'local' });
    expect(result.notes).toContain('Describe the equipment in more detail');
    expect(log.warnings.length).toBeGreaterThan(0);
    expect(ai.requests).toHaveLength(1); // one attempt, no retries
  });

  it('falls back to the local engine when the model is slower than the timeout', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_rejected', notes: 'Too late.' }), delayMs: 3000 });
    const started = Date.now();
    const result = await verifier({ timeoutMs: 300 }).verify(GOOD);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ status: 'auto_approved', source: 'local' });
  });

  it('falls back to the local engine when nothing listens at the endpoint', async () => {
    const down = new AiVerifier({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 1000, log });
    expect(await down.verify(GOOD)).toMatchObject({ status: 'auto_approved', source: 'local' });
  });

  it('does not ask twice about the same listing text', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_approved', notes: 'Fine.' }) });
    const cache = memoryCache();
    const cached = verifier({ cache });
    await cached.verify(GOOD);
    await cached.verify(GOOD);
    expect(ai.requests).toHaveLength(1);
    await cached.verify({ ...GOOD, price: 4600 });
    expect(ai.requests).toHaveLength(2);
  });
});

describe('POST /api/v1/listings with AI_BASE_URL set', () => {
  let ai: TestAiServer;
  let ctx: TestContext;
  let seller: TestUser;

  beforeAll(async () => {
    ai = await startAiServer();
    ctx = await setupTestApp({ env: { AI_BASE_URL: ai.baseUrl, AI_TIMEOUT_MS: '500', AI_CHAT_MODEL: 'stand-in-model' } });
    seller = await createUser(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await ai.close();
  });

  it('sets verification and category from the model', async () => {
    ai.reply({
      content: JSON.stringify({ status: 'pending', notes: 'Add the year of manufacture.', category: 'centrifuges' }),
    });
    const response = await call(ctx.app, 'POST', '/listings', {
      user: seller,
      payload: { ...GOOD_LISTING, title: 'Lab spinner 3000', description: `${GOOD_LISTING.description} Bought new.` },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      is_verified: false,
      category: 'centrifuges',
      verification: { status: 'pending', verification_notes: 'Add the year of manufacture.' },
    });
    expect(ai.requests.at(-1)?.model).toBe('stand-in-model');
  });

  it('re-asks on edit, and saves with the local engine when the model times out', async () => {
    ai.reply({ content: JSON.stringify({ status: 'auto_approved', notes: 'Good listing.' }) });
    const created = (await call(ctx.app, 'POST', '/listings', { user: seller, payload: GOOD_LISTING })).json();
    expect(created.verification).toEqual({ status: 'auto_approved', verification_notes: 'Good listing.' });

    ai.reply({ content: JSON.stringify({ status: 'auto_approved', notes: 'Never sent in time.' }), delayMs: 3000 });
    const { duration_months: _d, ...edit } = GOOD_LISTING;
    const started = Date.now();
    const edited = await call(ctx.app, 'PUT', `/listings/${created.id}`, {
      user: seller,
      payload: { ...edit, description: 'Spins. Email: me@example.com' },
    });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().verification.status).toBe('auto_rejected');
    expect(edited.json().verification.verification_notes).toContain('Remove the email address');
  });
});
