import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { linkIn, type MailCatcher } from './mail.js';

/**
 * Fixtures that set up data through the API, as a test needs it, without the UI (STYLE.md:
 * "log in without the UI unless login is what is tested"). Works against the e2e server of
 * support/server.ts with its default outbox mail (each mail an .eml file in DATA_DIR/outbox).
 */

/** The parts of mailparser's ParsedMail read here (mailparser ships no types). */
interface ParsedMail {
  text?: string;
  to?: { text: string } | Array<{ text: string }>;
}
const require = createRequire(import.meta.url);
const { simpleParser } = require('mailparser') as { simpleParser: (source: Buffer) => Promise<ParsedMail> };

export interface ServerInfo {
  baseUrl: string;
  dataDir: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A bearer token from POST /auth/login. */
  token: string;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
}

/** One call to /api/v1; answers the status and the parsed body (never throws for an HTTP error). */
export async function callApi<T = unknown>(baseUrl: string, apiPath: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.multipart) {
    body = options.multipart;
  }
  const response = await fetch(`${baseUrl}/api/v1${apiPath}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed as T };
}

/** Like callApi, but fails with the answer when the status is not 2xx. */
export async function api<T = unknown>(baseUrl: string, apiPath: string, options: CallOptions = {}): Promise<T> {
  const { status, body } = await callApi<T>(baseUrl, apiPath, options);
  if (status < 200 || status >= 300) {
    throw new Error(`${options.method ?? 'GET'} ${apiPath} answered ${String(status)}: ${JSON.stringify(body)}`);
  }
  return body;
}

function recipients(mail: ParsedMail): string {
  const to = mail.to;
  if (!to) return '';
  return (Array.isArray(to) ? to.map((address) => address.text) : [to.text]).join(', ').toLowerCase();
}

/**
 * The verification token mailed to `email`: waits for the mail in DATA_DIR/outbox (the server
 * sends it from its worker, shortly after registering; in one CI run a fresh server's mail took
 * over 20 s, cause not found).
 */
export async function readVerificationToken(dataDir: string, email: string, timeoutMs = 60_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
      if (seen.has(file)) continue;
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const match = /\/verify-email\?token=([^\s"'<>&]+)/.exec(mail.text ?? '');
      if (!recipients(mail).includes(email.toLowerCase()) || !match?.[1]) {
        seen.add(file);
        continue;
      }
      return decodeURIComponent(match[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No verification mail for ${email} in ${outbox}`);
}

let userCounter = 0;

/**
 * A new user with a verified email and a token: registers through the API, follows the
 * verification link from the outbox mail, logs in (form-encoded, spec §7).
 */
export async function createVerifiedUser(server: ServerInfo, prefix = 'seller'): Promise<TestUser> {
  userCounter += 1;
  const email = `${prefix}-${String(Date.now())}-${String(userCounter)}@example.com`;
  const password = 'Lab-bench-2025!';
  await api(server.baseUrl, '/auth/register', { json: { email, password } });
  const verificationToken = await readVerificationToken(server.dataDir, email);
  await api(server.baseUrl, '/auth/verify-email', { json: { token: verificationToken } });
  const { access_token: token } = await api<{ access_token: string }>(server.baseUrl, '/auth/login', {
    form: { username: email, password },
  });
  const me = await api<{ id: string; is_verified: boolean }>(server.baseUrl, '/auth/me', { token });
  if (!me.is_verified) throw new Error(`${email} is not verified after following the link`);
  return { id: me.id, email, password, token };
}

/** An address no other test (nor an earlier run on the same database) has used. */
export function uniqueEmail(who: string): string {
  return `${who}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A new user with a verified email and a token when the server mails by SMTP (to `mail`, not
 * the outbox that createVerifiedUser reads): registers, follows the link from the mail, logs in.
 */
export async function registerVerifiedByMail(baseUrl: string, mail: MailCatcher, email: string, password: string): Promise<TestUser> {
  await api(baseUrl, '/auth/register', { json: { email, password } });
  return verifyByMailAndLogIn(baseUrl, mail, email, password);
}

/** For a user registered earlier: follows the verification link from the mail through `baseUrl`, then logs in there. */
export async function verifyByMailAndLogIn(baseUrl: string, mail: MailCatcher, email: string, password: string): Promise<TestUser> {
  const link = linkIn(await mail.waitForMail(email, /verif/i), '/verify-email');
  await api(baseUrl, '/auth/verify-email', { json: { token: new URL(link).searchParams.get('token') ?? '' } });
  const { access_token: token } = await api<{ access_token: string }>(baseUrl, '/auth/login', { form: { username: email, password } });
  const me = await api<{ id: string }>(baseUrl, '/auth/me', { token });
  return { id: me.id, email, password, token };
}

/** Every page of the context starts logged in as the token's user (localStorage 'access_token'). */
export async function logInWithToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    window.localStorage.setItem('access_token', value);
  }, token);
}
