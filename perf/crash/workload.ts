import type { MailCatcher } from './mail-catcher.js';

/**
 * The crash test's users: each registers, verifies its address from the mail, logs in,
 * creates a listing, uploads photos (and sometimes removes one), pays for the listing with the
 * sandbox's test card, and writes to another user's listing. A request that gets no answer
 * (the API was killed) is sent again until one comes; what a 2xx answer acknowledged is
 * recorded in `Acknowledged`, which the checks compare with the database afterwards.
 */

export const VERIFY_SUBJECT = 'Verify your BenchMarket email';
export const PAYMENT_SUBJECT = 'Payment received: ';
export const MESSAGE_SUBJECT = 'New message about ';

export interface AckedListing {
  id: string;
  title: string;
  ownerEmail: string;
  /** Storage keys of the photos as the last acknowledged answer listed them. */
  photoKeys: string[];
  paid: boolean;
  /** Intents the client paid with a card (each one is a charge). */
  cardPayments: number;
}

export interface Acknowledged {
  registered: Set<string>;
  verified: Set<string>;
  listings: Map<string, AckedListing>;
  messages: { listingId: string; text: string; to: string }[];
}

export interface WorkloadStats {
  requests: number;
  /** Requests that got no answer (connection refused or reset: the API was down). */
  unanswered: number;
  /** 5xx answers. */
  serverErrors: number;
  /** 4xx answers a user would not expect (bugs, or a write applied before a lost answer). */
  unexpected: string[];
  journeys: number;
  /** How long users waited for a verification mail (ms). */
  verificationMailWaits: number[];
  /** A verification mail that never came. */
  verificationMailsMissing: number;
}

export interface WorkloadOptions {
  baseUrl: string;
  publicUrl: string;
  runId: string;
  mail: MailCatcher;
  photos: Buffer[];
  random: () => number;
  /** The longest a user waits for a mail (a crash can hold one for the job lock). */
  mailTimeoutMs: number;
}

class Unanswered extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class Workload {
  readonly acked: Acknowledged = { registered: new Set(), verified: new Set(), listings: new Map(), messages: [] };
  readonly stats: WorkloadStats = {
    requests: 0,
    unanswered: 0,
    serverErrors: 0,
    unexpected: [],
    journeys: 0,
    verificationMailWaits: [],
    verificationMailsMissing: 0,
  };
  private stopping = false;
  private counter = 0;

  constructor(private readonly options: WorkloadOptions) {}

  /** Runs `users` users until `stop()`; resolves when each has finished its journey. */
  async run(users: number): Promise<void> {
    await Promise.all(
      Array.from({ length: users }, async (_, user) => {
        while (!this.stopping) {
          try {
            await this.journey(user);
            this.stats.journeys += 1;
          } catch (error) {
            this.stats.unexpected.push(`user ${user}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
  }

  stop(): void {
    this.stopping = true;
  }

  /** One request; no answer → throws Unanswered. */
  private async request(method: string, path: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
    this.stats.requests += 1;
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/api/v1${path}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    } catch {
      this.stats.unanswered += 1;
      throw new Unanswered();
    }
    let parsed: Record<string, unknown> = {};
    try {
      parsed = (await response.json()) as Record<string, unknown>;
    } catch {
      // An answer cut off by the kill, or no body.
      if (response.status < 300) {
        this.stats.unanswered += 1;
        throw new Unanswered();
      }
    }
    if (response.status >= 500) {
      this.stats.serverErrors += 1;
      throw new Unanswered();
    }
    return { status: response.status, body: parsed };
  }

  /**
   * Sends until an answer comes. `accept(answer)` says whether that answer ends the step
   * (a 2xx, or a 4xx that shows an earlier unanswered attempt had done it).
   */
  private async until(
    what: string,
    send: () => Promise<Answer>,
    accept: (answer: Answer, retried: boolean) => boolean = (answer) => answer.status < 300,
  ): Promise<Answer> {
    let retried = false;
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        const answer = await send();
        if (accept(answer, retried)) return answer;
        throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
        retried = true;
        await new Promise((resolve) => setTimeout(resolve, 150 + this.options.random() * 200));
      }
    }
    throw new Error(`${what}: no answer after 600 attempts`);
  }

  private async journey(user: number): Promise<void> {
    const n = ++this.counter;
    const { runId, random } = this.options;
    const email = `crash-${runId}-${n}@example.test`;
    const password = `Crash-test-password-${runId}-${n}`;

    await this.until('register', () => this.request('POST', '/auth/register', { json: { email, password } }));
    this.acked.registered.add(email);

    const waitStarted = Date.now();
    const mail = await this.options.mail.waitFor(email, VERIFY_SUBJECT, this.options.mailTimeoutMs);
    if (!mail) {
      this.stats.verificationMailsMissing += 1;
      throw new Error(`no verification mail for ${email} within ${this.options.mailTimeoutMs} ms`);
    }
    this.stats.verificationMailWaits.push(Date.now() - waitStarted);
    const token = /\/verify-email[?#]token=([A-Za-z0-9_%.-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no verification link in the mail to ${email}`);
    await this.until(
      'verify',
      () => this.request('POST', '/auth/verify-email', { json: { token: decodeURIComponent(token) } }),
      (answer, retried) => answer.status < 300 || (retried && answer.status === 400),
    );
    this.acked.verified.add(email);

    const login = await this.until('login', () => this.request('POST', '/auth/login', { json: { username: email, password } }));
    const bearer = String(login.body.access_token);

    const title = `Crash test centrifuge ${runId} ${n}`;
    const created = await this.until('create listing', () =>
      this.request('POST', '/listings', {
        token: bearer,
        json: {
          title,
          description: `Refrigerated benchtop centrifuge number ${n}, serviced, with a swing-bucket rotor. Written by the crash test.`,
          price: 1000 + n,
          condition: 'pre-owned',
          location: 'DE',
          duration_months: 1,
        },
      }),
    );
    const listing: AckedListing = { id: String(created.body.id), title, ownerEmail: email, photoKeys: [], paid: false, cardPayments: 0 };
    this.acked.listings.set(listing.id, listing);

    // Photos: one or two uploads; after an unanswered one, the listing as the owner sees it
    // decides whether it was stored (a user looks before uploading again).
    const uploads = 1 + Math.floor(random() * 2);
    for (let u = 0; u < uploads; u++) {
      const want = listing.photoKeys.length + 1 + Math.floor(random() * 2);
      const form = (): FormData => {
        const data = new FormData();
        for (let i = listing.photoKeys.length; i < want; i++) {
          const photo = this.options.photos[(n + i) % this.options.photos.length]!;
          data.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
        }
        return data;
      };
      await this.untilState(listing, bearer, want, () =>
        this.request('POST', `/listings/${listing.id}/photos`, { token: bearer, form: form() }),
      );
    }
    if (random() < 0.4 && listing.photoKeys.length > 1) {
      await this.untilState(listing, bearer, listing.photoKeys.length - 1, () =>
        this.request('DELETE', `/listings/${listing.id}/photos/0`, { token: bearer }),
      );
    }

    // Payment: intent, the sandbox's card form, confirm (as the web app does).
    const intent = await this.until('create intent', () =>
      this.request('POST', '/payments/create-intent', { token: bearer, json: { listing_id: listing.id, duration_months: 1 } }),
    );
    const clientSecret = String(intent.body.client_secret);
    const paymentId = String(intent.body.payment_id);
    if (!clientSecret.startsWith('free_')) {
      await this.until(
        'pay with card',
        () =>
          this.request('POST', '/payments/sandbox/confirm-card', {
            json: { client_secret: clientSecret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' },
          }),
        // 'already been completed': the unanswered attempt had paid.
        (answer, retried) => answer.status < 300 || (retried && answer.status === 400),
      );
      listing.cardPayments += 1;
      const intentId = clientSecret.split('_secret_')[0]!;
      await this.until('confirm payment', () =>
        this.request('POST', '/payments/confirm', { token: bearer, json: { payment_id: paymentId, stripe_payment_id: intentId } }),
      );
    }
    listing.paid = true;

    // A message to another user's paid listing.
    const others = [...this.acked.listings.values()].filter((other) => other.paid && other.ownerEmail !== email);
    if (others.length > 0) {
      const target = others[Math.floor(random() * others.length)]!;
      const text = `Crash test message ${runId}-${n} from user ${user}: is the centrifuge still available?`;
      await this.until('send message', () =>
        this.request('POST', '/messages', {
          token: bearer,
          json: { listing_id: target.id, sender_name: `Buyer ${n}`, sender_email: email, message: text },
        }),
      );
      this.acked.messages.push({ listingId: target.id, text, to: target.ownerEmail });
    }
  }

  /**
   * A photo change: sent until answered; after an unanswered attempt the owner's view of the
   * listing shows whether it was done (`want` photos), and it is sent again only if not.
   */
  private async untilState(listing: AckedListing, bearer: string, want: number, send: () => Promise<Answer>): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        const answer = await send();
        if (answer.status >= 300) throw new Error(`photos of ${listing.id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        listing.photoKeys = photoKeysOf(answer.body);
        return;
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
      }
      const seen = await this.until('read listing', () => this.request('GET', `/listings/${listing.id}`, { token: bearer }));
      const keys = photoKeysOf(seen.body);
      if (keys.length === want) {
        listing.photoKeys = keys;
        return;
      }
      listing.photoKeys = keys;
    }
  }
}

/** '/uploads/listings/<id>/<uuid>.webp' (perhaps with a signature) → 'listings/<id>/<uuid>.webp'. */
function photoKeysOf(body: Record<string, unknown>): string[] {
  const photos = Array.isArray(body.photos) ? (body.photos as unknown[]) : [];
  return photos
    .map((url) =>
      String(url)
        .replace(/^.*?\/uploads\//, '')
        .replace(/[?#].*$/, ''),
    )
    .sort();
}
