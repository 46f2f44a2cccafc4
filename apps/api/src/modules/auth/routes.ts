import {
  ForgotPasswordRequestSchema,
  FORGOT_PASSWORD_NEUTRAL,
  GoogleLoginRequestSchema,
  GoogleNonceResponseSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
  UserSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@benchmarket/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import type { RateRule } from '../../lib/rate-limiter.js';
import { currentUserOf, type CurrentUser } from './auth-context.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TAGS = ['auth'];

/**
 * /auth/*: the account calls of spec §7. Rate limits (per IP and per account, counted in the
 * database, numbers from configuration):
 * - login (and the password that links Google sign-in to an account): failed attempts only,
 *   RATE_LIMIT_LOGIN_PER_15_MIN free failures per account and address,
 *   RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN per address, five times the first per account, then
 *   growing delays — never a lock-out of the owner (login-throttle.ts);
 * - reset-password and Google sign-in: RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN per IP, every attempt;
 * - register, forgot-password, verification resend: RATE_LIMIT_REGISTER_PER_HOUR per IP and
 *   RATE_LIMIT_EMAIL_PER_HOUR per address (each of them sends that address a mail).
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limits = config.rateLimits;
  const service = app.auth;
  // The token is checked after validation: a malformed request answers its 400 first.
  const signedIn = signedInRoutes(app, TAGS, { stage: 'preHandler' });

  const perHour = (action: string, request: FastifyRequest, email: string): RateRule[] => [
    { key: `${action}:ip:${request.ip}`, limit: limits.registerPerHour, windowMs: HOUR_MS },
    { key: `${action}:account:${email}`, limit: limits.emailPerHour, windowMs: HOUR_MS },
  ];

  app.post(
    '/auth/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an account; mails a verification link (48 hours, single use)',
        description: 'An address that already has an account gets a mail instead, and the answer looks the same as for a new account.',
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await app.rateLimiter.enforce(perHour('register', request, email));
      const user = await service.register(email, password);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: TAGS,
        summary: 'Verify an email address with the token from the verification mail',
        description: "An account that is already verified answers 400 with a detail containing 'already verified'.",
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => service.verifyEmail(request.body.token),
  );

  app.post(
    '/auth/resend-verification',
    signedIn({
      summary: 'Mail a new verification link to the logged-in, unverified user',
      response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 429) },
    }),
    async (request) => {
      const user = currentUserOf(request);
      await app.rateLimiter.enforce(perHour('resend-verification', request, user.email));
      return service.resendVerification(user);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with email (as `username`) and password, form-encoded',
        description: 'A suspended account answers 403 (code account_suspended) with the reason, once its password is right.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginRequestSchema,
        response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { username: email, password } = request.body;
      // request.ip is the socket's address unless TRUST_PROXY hops are configured (app.ts).
      const accessToken = await service.login(email, password, request.ip);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  app.get(
    '/auth/me',
    signedIn({
      summary: "The logged-in user, with their role ('admin' opens the operations console)",
      response: { 200: UserSchema, ...errorResponses(401) },
    }),
    async (request) => {
      const user = currentUserOf(request);
      return { id: user.id, email: user.email, is_verified: user.isVerified, role: user.role };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Mail a password reset link (1 hour, single use) if the address has an account',
        description: 'Always the same answer, whether or not the address has an account.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await app.rateLimiter.enforce(perHour('forgot-password', request, email));
      await service.requestPasswordReset(email);
      return { message: FORGOT_PASSWORD_NEUTRAL };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the token from the reset mail',
        description: 'Access tokens issued before the reset stop working, as do other reset links.',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await app.rateLimiter.enforce([
        { key: `reset-password:ip:${request.ip}`, limit: limits.loginPerIpPer15Min, windowMs: 15 * MINUTE_MS },
      ]);
      return service.resetPassword(request.body.token, request.body.password);
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with a Google ID token; creates the account, or links an existing one once its password is given',
        description:
          "The token's nonce must come from POST /auth/google/nonce. An existing password account of the same address answers 409 (code google_link_password_required) until `password` is sent with the token.",
        body: GoogleLoginRequestSchema,
        response: {
          200: TokenResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429, 503),
        },
      },
    },
    async (request) => {
      await app.rateLimiter.enforce([{ key: `google:ip:${request.ip}`, limit: limits.loginPerIpPer15Min, windowMs: 15 * MINUTE_MS }]);
      const accessToken = await service.googleLogin(request.body.token, { password: request.body.password, ip: request.ip });
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/auth/google/nonce',
    {
      schema: {
        tags: TAGS,
        summary: 'A nonce for Google Identity Services; the ID token sent to /auth/google must carry it',
        description: 'Valid for one hour; an ID token with a given nonce signs in once.',
        response: { 200: GoogleNonceResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await app.rateLimiter.enforce([{ key: `google-nonce:ip:${request.ip}`, limit: limits.loginPerIpPer15Min, windowMs: 15 * MINUTE_MS }]);
      return { nonce: service.googleNonce() };
    },
  );

  // Logging out here or everywhere: the same route but for which tokens stop working.
  const logouts = [
    {
      path: '/auth/logout',
      summary: 'Log out: the bearer token of this request stops working',
      answer: 'Logged out',
      logout: (user: CurrentUser) => service.logout(user),
    },
    {
      path: '/auth/logout-all',
      summary: 'Log out everywhere: every access token of the user stops working, this one included',
      answer: 'Logged out everywhere',
      logout: (user: CurrentUser) => service.logoutEverywhere(user),
    },
  ];
  for (const { path, summary, answer, logout } of logouts) {
    app.post(
      path,
      signedIn({
        summary,
        response: { 204: z.null().describe(answer), ...errorResponses(401) },
      }),
      async (request, reply) => {
        await logout(currentUserOf(request));
        return reply.status(204).send(null);
      },
    );
  }
};

export default authRoutes;
