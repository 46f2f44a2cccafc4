import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/**
 * Checks a Google ID token (the credential of Google Identity Services) the way Google
 * documents it: signature against Google's published keys (JWKS), issuer, audience = our
 * client id, expiry, and a verified email. The JWKS address is configuration, so tests and
 * air-gapped deployments can serve their own keys.
 */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

interface GoogleIdentity {
  /** Google's stable id of the account; the email may change, `sub` does not. */
  sub: string;
  email: string;
  /** The token's `nonce` claim (checked against the nonces the API issued, see google-nonce.ts). */
  nonce: unknown;
}

/** Why a Google credential was refused: `invalid` (the caller's fault) or `unavailable` (ours or Google's). */
export class GoogleTokenError extends Error {
  constructor(
    readonly reason: 'invalid' | 'unverified_email' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'GoogleTokenError';
  }
}

/** Errors that mean "this token is not good", as opposed to "we could not check it". */
const INVALID_TOKEN_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

export class GoogleIdTokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    // jose caches the keys and fetches them again when Google rotates them (an unknown `kid`).
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  }

  async verify(idToken: string, now: Date): Promise<GoogleIdentity> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: now,
        clockTolerance: 30,
      }));
    } catch (error) {
      if (INVALID_TOKEN_ERRORS.some((type) => error instanceof type)) {
        throw new GoogleTokenError('invalid', error instanceof Error ? error.message : 'invalid token');
      }
      // The keys could not be fetched (network, timeout, a bad answer from the JWKS address).
      throw new GoogleTokenError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const { sub, email } = payload;
    if (typeof sub !== 'string' || !sub) throw new GoogleTokenError('invalid', 'no subject');
    if (typeof email !== 'string' || !email) throw new GoogleTokenError('invalid', 'no email');
    // Google sends a boolean; very old tokens sent the string 'true'.
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new GoogleTokenError('unverified_email', 'email not verified by Google');
    }
    return { sub, email: email.trim().toLowerCase(), nonce: payload.nonce };
  }
}
