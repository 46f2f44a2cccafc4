import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailingDependencies } from '../mail/index.js';
import { GoogleIdTokenVerifier } from '../../providers/google/index.js';
import { AccountsAdmin } from './accounts-admin.js';
import { GoogleNonces } from './google-nonce.js';
import { LoginThrottle } from './login-throttle.js';
import { warmUpPasswordHashing } from './passwords.js';
import { AuthService, PASSWORD_RESET_JOB } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth module's accounts service (who is calling: the auth-context plugin). */
    auth: AuthService;
  }
}

/**
 * The auth module: decorates `app.auth` (accounts, passwords, sessions, Google sign-in
 * through the Google port, and the console's suspensions — which switch listings off through
 * `app.listings` and write `app.audit`), registers its job (the password reset mail) and
 * warms up password hashing before the first request.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const limits = config.rateLimits;
  const google = config.google.clientId ? new GoogleIdTokenVerifier(config.google.clientId, config.google.jwksUrl) : undefined;
  const mailing = mailingDependencies(app);
  const service = new AuthService({
    ...mailing,
    tokens: app.tokens,
    google,
    googleNonces: new GoogleNonces(config.jwt.secret, app.db),
    throttle: new LoginThrottle(app.db, app.clock, {
      enabled: limits.enabled,
      perAccountAndAddress: limits.loginPer15Min,
      perAddress: limits.loginPerIpPer15Min,
    }),
    log: app.log.child({ module: 'auth' }),
    accounts: new AccountsAdmin({
      ...mailing,
      audit: app.audit,
      listings: app.listings,
      supportEmail: config.mail.supportEmail,
    }),
  });
  app.decorate('auth', service);

  app.worker.handle(PASSWORD_RESET_JOB, async (payload) => {
    if (typeof payload.email === 'string') await service.sendPasswordReset(payload.email);
  });
  app.addHook('onReady', warmUpPasswordHashing);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['jobs', 'mail', 'auth-context', 'audit', 'listings'] });
