import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

const TEST_GOOGLE_CLIENT_ID = 'benchmarket-test.apps.googleusercontent.com';

export interface GoogleClaims {
  iss: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean | string;
  name?: string;
  /** The nonce the web app handed to Google Identity Services (from POST /auth/google/nonce). */
  nonce?: string;
  iat: number;
  exp: number;
}

export interface SignOptions {
  /** Sign with another private key (not the one the JWKS publishes). */
  key?: CryptoKey;
  kid?: string;
  /** Claims to leave out of the token. */
  omit?: (keyof GoogleClaims)[];
}

export interface TestGoogle {
  /** GOOGLE_JWKS_URL */
  jwksUrl: string;
  clientId: string;
  /** How many times the JWKS was fetched. */
  readonly fetches: number;
  /** An ID token like Google's, signed by the published key; `claims` override the defaults. */
  sign(claims: Partial<GoogleClaims> & { sub: string; email: string }, options?: SignOptions): Promise<string>;
  /** A fresh RSA key the JWKS does not publish. */
  strayKey(): Promise<CryptoKey>;
  close(): Promise<void>;
}

const KID = 'test-google-key-1';

/** Google's side of sign-in for tests: an RSA key pair, its JWKS on a tiny HTTP server, and a token signer. */
export async function startTestGoogle(clientId = TEST_GOOGLE_CLIENT_ID): Promise<TestGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let fetches = 0;

  const server: Server = createServer((request, response) => {
    fetches += 1;
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    get fetches() {
      return fetches;
    },
    async sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const full: Record<string, unknown> = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        email_verified: true,
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      for (const name of options.omit ?? []) delete full[name];
      return new SignJWT(full).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' }).sign(options.key ?? privateKey);
    },
    async strayKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
