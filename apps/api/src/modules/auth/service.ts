import { randomUUID } from 'node:crypto';
import {
  accountSuspendedMessage,
  GOOGLE_LINK_PASSWORD_REQUIRED_CODE,
  LOGIN_FAILED,
  thirdPartyLoginFailed,
  RESET_LINK_HOURS,
  VERIFICATION_LINK_HOURS,
} from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, HttpError, serviceUnavailable, unauthorized } from '../../lib/http-errors.js';
import { enqueueJob, type DbOrTx } from '../../jobs/queue.js';
import { MailingService, type MailingDependencies } from '../mail/index.js';
import type { AccountsAdmin } from './accounts-admin.js';
import type { CurrentUser } from './auth-context.js';
import { GoogleTokenError, type GoogleIdTokenVerifier } from '../../providers/google/index.js';
import type { GoogleNonces } from './google-nonce.js';
import type { LoginThrottle } from './login-throttle.js';
import { passwordChangedMail, registerAttemptMail, resetMail, verificationMail } from './mails.js';
import {
  ALREADY_VERIFIED,
  GOOGLE_BAD_NONCE,
  GOOGLE_EMAIL_NOT_VERIFIED,
  GOOGLE_LINK_PASSWORD_REQUIRED,
  GOOGLE_LINK_WRONG_PASSWORD,
  GOOGLE_LINKED_ELSEWHERE,
  GOOGLE_NOT_CONFIGURED,
  GOOGLE_UNAVAILABLE,
  PASSWORD_RESET_DONE,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  VERIFY_LINK_EXPIRED,
  VERIFY_LINK_INVALID,
  VERIFY_LINK_USED,
  verificationSent,
} from './messages.js';
import { consumeToken, findToken, issueToken, revokeTokens } from './one-time-tokens.js';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords.js';
import { endAllSessions, endSession, pruneExpiredSessions } from './sessions.js';
import type { AccessTokens } from './tokens.js';

/** The worker job that turns a forgot-password request into a reset mail (see `requestPasswordReset`). */
export const PASSWORD_RESET_JOB = 'auth.password_reset';

const HOUR_MS = 3600 * 1000;

/** An account as the API shows it (spec §3: id, email, is_verified) — never the password hash. */
interface PublicUser {
  id: string;
  email: string;
  is_verified: boolean;
  /** Issue 14: on GET /auth/me. */
  role?: 'user' | 'admin';
}

interface AuthServiceDependencies extends MailingDependencies {
  tokens: AccessTokens;
  /** Undefined when GOOGLE_CLIENT_ID is not set: Google sign-in is off. */
  google: GoogleIdTokenVerifier | undefined;
  googleNonces: GoogleNonces;
  /** Failed-login counters with growing delays (per account-and-address, address, account). */
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** The console's side of accounts: find, suspend, reinstate (issue 14). */
  accounts: AccountsAdmin;
}

/** Accounts: registration, email verification, login, password reset and Google sign-in. No HTTP here. */
export class AuthService extends MailingService<AuthServiceDependencies> {
  private refuseCommonPassword(password: string): void {
    if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, 'common_password');
  }

  /** A new session and its token; the user's expired sessions are cleared on the way. */
  private async accessToken(user: { id: string; tokenVersion: number }): Promise<string> {
    const now = this.now();
    await pruneExpiredSessions(this.db, user.id, now);
    return this.deps.tokens.sign({ userId: user.id, version: user.tokenVersion }, now);
  }

  private async queueVerificationMail(tx: DbOrTx, userId: string, email: string): Promise<void> {
    const expiresAt = new Date(this.now().getTime() + VERIFICATION_LINK_HOURS * HOUR_MS);
    const token = await issueToken(tx, userId, 'verify_email', expiresAt);
    await this.deps.mailer.queue({ ...verificationMail(this.deps.publicUrl, token), to: email }, tx);
  }

  /**
   * Creates an unverified account and mails a verification link (48 h, single use). An address
   * that already has an account gets a mail saying so, and the caller gets the very same kind
   * of answer as for a new account: a stranger cannot learn which addresses are registered.
   */
  async register(email: string, password: string): Promise<PublicUser> {
    this.refuseCommonPassword(password);
    // Hash first in both cases, so both take the time of an argon2 hash.
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email, isVerified: users.isVerified });
      if (created) {
        await this.queueVerificationMail(tx, created.id, created.email);
        return { id: created.id, email: created.email, is_verified: false };
      }
      await this.deps.mailer.queue({ ...registerAttemptMail(this.deps.publicUrl), to: email }, tx);
      return { id: randomUUID(), email, is_verified: false };
    });
  }

  /** Uses a verification link. An already verified account answers with a detail containing 'already verified' (spec §8). */
  async verifyEmail(token: string): Promise<{ is_verified: true }> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const found = await findToken(tx, token, 'verify_email');
      if (!found) throw badRequest(VERIFY_LINK_INVALID, 'invalid_token');
      const [owner] = await tx.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, found.userId)).limit(1);
      if (!owner) throw badRequest(VERIFY_LINK_INVALID, 'invalid_token');
      if (owner.isVerified) throw badRequest(ALREADY_VERIFIED, 'already_verified');
      const consumed = await consumeToken(tx, token, 'verify_email', now);
      if (!consumed) {
        // Used before (or by a concurrent click, if it has not expired), or out of date.
        const used = found.usedAt !== null || found.expiresAt.getTime() > now.getTime();
        if (used) throw badRequest(VERIFY_LINK_USED, 'used_token');
        throw badRequest(VERIFY_LINK_EXPIRED, 'expired_token');
      }
      await tx.update(users).set({ isVerified: true, updatedAt: now }).where(eq(users.id, consumed.userId));
      return { is_verified: true as const };
    });
  }

  /** A new verification link for a logged-in, unverified user. Earlier links stay valid until they expire. */
  async resendVerification(user: CurrentUser): Promise<{ message: string }> {
    if (user.isVerified) throw badRequest(ALREADY_VERIFIED, 'already_verified');
    await this.db.transaction((tx) => this.queueVerificationMail(tx, user.id, user.email));
    return { message: verificationSent(user.email) };
  }

  /**
   * Email and password → access token. Unknown email, Google-only account and wrong password
   * give the same answer after the same work (one argon2 verification). Unverified users may
   * log in (spec §6: they search like visitors). Failures from `ip` are throttled (login-throttle.ts).
   */
  async login(email: string, password: string, ip: string): Promise<string> {
    const user = await this.deps.throttle.guard(email, ip, () => this.checkPassword(email, password));
    refuseSuspended(user);
    return this.accessToken(user);
  }

  /** The account whose password this is (401 otherwise); a suspended one too — it is refused after, by `refuseSuspended`. */
  private async checkPassword(email: string, password: string): Promise<SignInUser> {
    const [user] = await this.db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        suspendedAt: users.suspendedAt,
        suspensionReason: users.suspensionReason,
      })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !user.passwordHash || !valid) throw unauthorized(LOGIN_FAILED, 'invalid_credentials');
    if (needsRehash(user.passwordHash)) {
      const passwordHash = await hashPassword(password);
      await this.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    }
    return user;
  }

  /**
   * Forgot password: the request only records the wish (one row in the jobs table), for any
   * address. Whether an account exists is looked up by the worker (`sendPasswordReset`), so
   * known and unknown addresses take exactly the same work and time, and get the same answer.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await enqueueJob(this.db, PASSWORD_RESET_JOB, { email });
  }

  /** The worker's half of forgot-password: a reset link (1 h, single use) for an existing account. */
  async sendPasswordReset(email: string): Promise<void> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      this.deps.log.info('password reset asked for an address without an account; no mail sent');
      return;
    }
    const expiresAt = new Date(this.now().getTime() + RESET_LINK_HOURS * HOUR_MS);
    await this.db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset_password', expiresAt);
      await this.deps.mailer.queue({ ...resetMail(this.deps.publicUrl, token), to: email }, tx);
    });
  }

  /**
   * Sets a new password with a reset link. Every access token issued before stops working
   * (token_version), as do the account's other reset links. The link was delivered to the
   * address, so it also proves the address: the account becomes verified.
   */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    this.refuseCommonPassword(password);
    const now = this.now();
    // The link is checked before the (deliberately expensive) hash: junk tokens cost nothing.
    const refusal = resetLinkRefusal(await findToken(this.db, token, 'reset_password'), now);
    if (refusal) throw refusal;
    const passwordHash = await hashPassword(password);
    return this.db
      .transaction(async (tx) => {
        const used = await consumeToken(tx, token, 'reset_password', now);
        if (!used)
          throw resetLinkRefusal(await findToken(tx, token, 'reset_password'), now) ?? badRequest(RESET_LINK_INVALID, 'invalid_token');
        const [user] = await tx
          .update(users)
          .set({ passwordHash, isVerified: true, updatedAt: now })
          .where(eq(users.id, used.userId))
          .returning({ email: users.email });
        if (!user) throw badRequest(RESET_LINK_INVALID, 'invalid_token');
        await endAllSessions(tx, used.userId, now);
        await revokeTokens(tx, used.userId, 'reset_password', now);
        await this.deps.mailer.queue({ ...passwordChangedMail(this.deps.publicUrl), to: user.email }, tx);
        return user.email;
      })
      .then(async (email) => {
        // The owner has proved the address: failed logins counted against the account are forgotten.
        await this.deps.throttle.clearAccount(email);
        return { message: PASSWORD_RESET_DONE };
      });
  }

  // ── The operations console (issue 14) ──

  /** Suspend an account (not one's own): sessions end, login is refused, listings hidden, the owner mailed, audited. */
  suspend(...args: Parameters<AccountsAdmin['suspend']>): ReturnType<AccountsAdmin['suspend']> {
    return this.deps.accounts.suspend(...args);
  }

  /** Lift a suspension: the listings it hid come back (if still paid for), the owner is mailed, audited. */
  reinstate(...args: Parameters<AccountsAdmin['reinstate']>): ReturnType<AccountsAdmin['reinstate']> {
    return this.deps.accounts.reinstate(...args);
  }

  /** Accounts whose email contains the text, newest first. */
  listUsers(...args: Parameters<AccountsAdmin['list']>): ReturnType<AccountsAdmin['list']> {
    return this.deps.accounts.list(...args);
  }

  /** One account as the console shows it (404 'User not found'). */
  adminUser(id: string): ReturnType<AccountsAdmin['get']> {
    return this.deps.accounts.get(id);
  }

  /** Logout: the token the request came with stops working. */
  async logout(user: CurrentUser): Promise<void> {
    await endSession(this.db, user.id, user.sessionId);
  }

  /** 'Log out everywhere': every token of the user stops working, this one included. */
  async logoutEverywhere(user: CurrentUser): Promise<void> {
    const now = this.now();
    await this.db.transaction((tx) => endAllSessions(tx, user.id, now));
  }

  /** A nonce for Google Identity Services (see google-nonce.ts). */
  googleNonce(): string {
    return this.deps.googleNonces.issue(this.now());
  }

  /**
   * Google sign-in: the account with this Google `sub`, else the account with this (Google-
   * verified) email, linked, else a new verified account. The ID token must carry a nonce the
   * API issued and that was not used before. Linking proves ownership first: an account with a
   * password is linked only once its password is given (409 `google_link_password_required`
   * until then, wrong passwords throttled like logins). Linking an account that was never
   * verified discards its password and sessions: whoever registered it may not own the address.
   */
  async googleLogin(idToken: string, options: { password?: string; ip: string }): Promise<string> {
    const { google } = this.deps;
    if (!google) throw badRequest(GOOGLE_NOT_CONFIGURED, 'google_disabled');
    let identity;
    try {
      identity = await google.verify(idToken, this.now());
    } catch (error) {
      if (!(error instanceof GoogleTokenError)) throw error;
      this.deps.log.info({ reason: error.reason, why: error.message }, 'Google credential refused');
      if (error.reason === 'unavailable') throw serviceUnavailable(GOOGLE_UNAVAILABLE, 'google_unavailable');
      if (error.reason === 'unverified_email') throw unauthorized(GOOGLE_EMAIL_NOT_VERIFIED, 'google_email_not_verified');
      throw unauthorized(thirdPartyLoginFailed('Google'), 'invalid_google_token');
    }
    const { sub, email, nonce } = identity;
    if (!this.deps.googleNonces.isValid(nonce, this.now())) throw unauthorized(GOOGLE_BAD_NONCE, 'invalid_google_nonce');

    const [existing] = await this.db
      .select({ id: users.id, isVerified: users.isVerified, googleSub: users.googleSub, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    let proven = false;
    if (existing && existing.isVerified && existing.googleSub !== sub) {
      // A verified account of this address that Google sign-in does not know yet: the owner
      // proves it with the password once (Google vouching for the address is not enough).
      if (!existing.passwordHash) throw forbidden(GOOGLE_LINKED_ELSEWHERE, 'google_linked_elsewhere');
      if (options.password === undefined) throw conflict(GOOGLE_LINK_PASSWORD_REQUIRED, GOOGLE_LINK_PASSWORD_REQUIRED_CODE);
      const password = options.password;
      await this.deps.throttle.guard(email, options.ip, async () => {
        if (!(await verifyPassword(existing.passwordHash, password))) throw unauthorized(GOOGLE_LINK_WRONG_PASSWORD, 'invalid_credentials');
      });
      proven = true;
    }
    const now = this.now();

    // Two attempts: a concurrent sign-in or registration may create the row between our look-up and insert.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const user = await this.db.transaction(async (tx) => {
        const [bySub] = await tx.select(signInColumns).from(users).where(eq(users.googleSub, sub)).limit(1);
        if (bySub) return bySub;

        const [byEmail] = await tx
          .select({ ...signInColumns, isVerified: users.isVerified, googleSub: users.googleSub })
          .from(users)
          .where(eq(users.email, email))
          .limit(1)
          .for('update');
        // A concurrent sign-in of this Google user committed the row after our look-up by sub.
        if (byEmail?.googleSub === sub) return byEmail;
        if (byEmail) {
          const neverVerified = !byEmail.isVerified;
          // Verified meanwhile (or another account): ask again rather than link unproven.
          if (!neverVerified && !(proven && byEmail.id === existing?.id)) {
            throw conflict(GOOGLE_LINK_PASSWORD_REQUIRED, GOOGLE_LINK_PASSWORD_REQUIRED_CODE);
          }
          const [linked] = await tx
            .update(users)
            .set({
              googleSub: sub,
              isVerified: true,
              updatedAt: now,
              ...(neverVerified ? { passwordHash: null } : {}),
            })
            .where(eq(users.id, byEmail.id))
            .returning(signInColumns);
          if (neverVerified) {
            await endAllSessions(tx, byEmail.id, now);
            await revokeTokens(tx, byEmail.id, 'verify_email', now);
            await revokeTokens(tx, byEmail.id, 'reset_password', now);
            const [fresh] = await tx.select(signInColumns).from(users).where(eq(users.id, byEmail.id));
            return fresh;
          }
          return linked;
        }

        const [created] = await tx
          .insert(users)
          .values({ email, googleSub: sub, isVerified: true, passwordHash: null })
          .onConflictDoNothing()
          .returning(signInColumns);
        return created;
      });
      if (user) {
        // Each ID token signs in once: a captured one cannot be replayed.
        if (!(await this.deps.googleNonces.consume(nonce, now))) throw unauthorized(GOOGLE_BAD_NONCE, 'invalid_google_nonce');
        // Google proved who this is: only now is a suspended account told so.
        refuseSuspended(user);
        return this.accessToken(user);
      }
    }
    throw new HttpError(409, thirdPartyLoginFailed('Google'), 'google_conflict');
  }
}

/** What signing in needs of an account: its token version, and whether it is suspended. */
const signInColumns = {
  id: users.id,
  tokenVersion: users.tokenVersion,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
};
type SignInUser = { id: string; tokenVersion: number; suspendedAt: Date | null; suspensionReason: string | null };

/**
 * Issue 14: a suspended account cannot sign in — told so (with the reason it was mailed) only
 * once its credentials were proven right, so the answer reveals nothing to someone guessing.
 */
function refuseSuspended(user: SignInUser): void {
  if (user.suspendedAt) throw forbidden(accountSuspendedMessage(user.suspensionReason), 'account_suspended');
}

/** Why a reset link cannot be used (unknown, used, expired), or null when it can. */
function resetLinkRefusal(found: { usedAt: Date | null; expiresAt: Date } | null, now: Date): HttpError | null {
  if (!found) return badRequest(RESET_LINK_INVALID, 'invalid_token');
  if (found.usedAt) return badRequest(RESET_LINK_USED, 'used_token');
  if (found.expiresAt.getTime() <= now.getTime()) return badRequest(RESET_LINK_EXPIRED, 'expired_token');
  return null;
}
