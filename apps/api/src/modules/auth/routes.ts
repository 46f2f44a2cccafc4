import {
  ErrorResponseSchema,
  ForgotPasswordRequestSchema,
  FORGOT_PASSWORD_NEUTRAL,
  GoogleLoginRequestSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateRule } from '../../lib/rate-limiter.js';
import { currentUserOf } from './auth-context.js';
import { GoogleIdTokenVerifier } from './google.js';
import { warmUpPasswordHashing } from './passwords.js';
import { AuthService, PASSWORD_RESET_JOB } from './service.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TAGS = ['auth'];
const BEARER = [{ bearerAuth: [] }];

/**
 * /auth/*: the account calls of spec §7. Rate limits (per IP and per account, counted in the
 * database, numbers from configuration):
 * - login: RATE_LIMIT_LOGIN_PER_15_MIN per account and RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN per IP
 *   per 15 minutes, counting failed attempts only (also reset-password and Google sign-in,
 *   per IP, every attempt);
 * - register, forgot-password, verification resend: RATE_LIMIT_REGISTER_PER_HOUR per IP and
 *   RATE_LIMIT_EMAIL_PER_HOUR per address (each of them sends that address a mail).
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limits = config.rateLimits;
  const google = config.google.clientId ? new GoogleIdTokenVerifier(config.google.clientId, config.google.jwksUrl) : undefined;
  const service = new AuthService({
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    tokens: app.tokens,
    publicUrl: config.publicUrl,
    google,
    log: app.log.child({ module: 'auth' }),
  });

  app.worker.handle(PASSWORD_RESET_JOB, async (payload) => {
    if (typeof payload.email === 'string') await service.sendPasswordReset(payload.email);
  });
  app.addHook('onReady', warmUpPasswordHashing);

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
        description:
          'An address that already has an account gets a mail instead, and the answer looks the same as for a new account.',
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
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
        response: { 200: VerifyEmailResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.verifyEmail(request.body.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Mail a new verification link to the logged-in, unverified user',
        security: BEARER,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
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
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginRequestSchema,
        response: { 200: TokenResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { username: email, password } = request.body;
      const rules = [
        { key: `login:ip:${request.ip}`, limit: limits.loginPerIpPer15Min, windowMs: 15 * MINUTE_MS },
        { key: `login:account:${email}`, limit: limits.loginPer15Min, windowMs: 15 * MINUTE_MS },
      ];
      await app.rateLimiter.enforce(rules);
      const accessToken = await service.login(email, password);
      // Only failed attempts count against the limits.
      await app.rateLimiter.forgive(rules);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'The logged-in user',
        security: BEARER,
        response: { 200: UserSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      return { id: user.id, email: user.email, is_verified: user.isVerified };
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
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
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
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
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
        summary: 'Sign in with a Google ID token; creates or links the account by its verified email',
        body: GoogleLoginRequestSchema,
        response: {
          200: TokenResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await app.rateLimiter.enforce([
        { key: `google:ip:${request.ip}`, limit: limits.loginPerIpPer15Min, windowMs: 15 * MINUTE_MS },
      ]);
      const accessToken = await service.googleLogin(request.body.token);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );
};

export default authRoutes;
