import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * Password hashing with argon2id (ARCHITECTURE: secrets at rest), with OWASP's recommended
 * cost (19 MiB, 2 passes, 1 lane). argon2 reads the whole password — no 72-byte truncation as
 * with bcrypt — and we neither trim nor normalise it: it is compared exactly as typed.
 */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** Is this one of the most common passwords? (case-insensitive: 'Password' is as weak as 'password'). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email, or an account that
 * only signs in with Google) it checks against a dummy hash of the same cost, so a caller
 * cannot tell a known email from an unknown one by the time it takes.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash made with older (cheaper) settings is replaced on the next successful login. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, HASH_OPTIONS);
}

/** Makes the dummy hash ahead of the first login, so that login is not slower than the rest. */
export async function warmUpPasswordHashing(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await dummyHash;
}
