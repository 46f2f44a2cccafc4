import type { IncomingMessage, ServerOptions } from 'node:http';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { CatalogVersion } from './db/catalog-version.js';
import type { Database } from './db/database.js';
import { systemClock, type Clock } from './lib/clock.js';
import { FastLane, newRequestId, serverWithFastLane } from './lib/fast-lane.js';
import { serializeError, serializeRequest } from './lib/log-redaction.js';
import { requestLogMixin, requestLogger } from './lib/request-log-context.js';
import { installValidationMessages } from './lib/validation-messages.js';
import jobs from './jobs/plugin.js';
import activityModule from './modules/activity/plugin.js';
import activityAdminRoutes from './modules/activity/admin-routes.js';
import auditAdminRoutes from './modules/audit/admin-routes.js';
import auditModule from './modules/audit/plugin.js';
import authContext from './modules/auth/auth-context.js';
import authModule from './modules/auth/plugin.js';
import authRoutes from './modules/auth/routes.js';
import configRoutes from './modules/config/routes.js';
import conversationsModule from './modules/conversations/plugin.js';
import conversationsRoutes from './modules/conversations/routes.js';
import documentsModule from './modules/documents/plugin.js';
import documentRoutes from './modules/documents/routes.js';
import feedbackModule from './modules/feedback/plugin.js';
import feedbackRoutes from './modules/feedback/routes.js';
import healthRoutes from './modules/health/routes.js';
import inboxAdminRoutes from './modules/inbox/admin-routes.js';
import inboxModule from './modules/inbox/plugin.js';
import listingsModule from './modules/listings/plugin.js';
import listingRoutes from './modules/listings/routes.js';
import mail from './modules/mail/plugin.js';
import metricsModule from './modules/metrics/plugin.js';
import messagesModule from './modules/messages/plugin.js';
import messagesRoutes from './modules/messages/routes.js';
import moderationAdminRoutes from './modules/moderation/admin-routes.js';
import adminUsersRoutes from './modules/moderation/admin-users-routes.js';
import moderationModule from './modules/moderation/plugin.js';
import moderationRoutes from './modules/moderation/routes.js';
import photosModule from './modules/photos/plugin.js';
import photoRoutes from './modules/photos/routes.js';
import paymentsModule from './modules/payments/plugin.js';
import paymentRoutes from './modules/payments/routes.js';
import paymentsAdminRoutes from './modules/payments/admin-routes.js';
import searchModule from './modules/search/plugin.js';
import savedSearchesModule from './modules/saved-searches/plugin.js';
import savedSearchRoutes from './modules/saved-searches/routes.js';
import sellersModule from './modules/sellers/plugin.js';
import sellerRoutes from './modules/sellers/routes.js';
import searchRoutes from './modules/search/routes.js';
import settingsAdminRoutes from './modules/settings/admin-routes.js';
import settingsModule from './modules/settings/plugin.js';
import storage from './modules/storage/plugin.js';
import supportModule from './modules/support/plugin.js';
import supportRoutes from './modules/support/routes.js';
import relatedModule from './modules/related/plugin.js';
import relatedRoutes from './modules/related/routes.js';
import watchlistModule from './modules/watchlist/plugin.js';
import watchlistRoutes from './modules/watchlist/routes.js';
import errors, { answerClientError, answerFrameworkError } from './plugins/errors.js';
import { acceptEmptyJsonBodies } from './plugins/json-body.js';
import openapi from './plugins/openapi.js';
import security, { productSecurityHeaders } from './plugins/security.js';
import webApp from './web/static.js';

interface AppDependencies {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** Where log lines go (default: stdout); tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * A request must have arrived whole within REQUEST_TIMEOUT_SECONDS (else Node answers 408 and
 * closes the connection: a 100 bytes/s upload cannot hold a socket and a request slot for
 * ever), its headers within 30 s; Node looks for such requests every quarter of the timeout.
 */
function serverTimeouts(requestTimeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(30_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

/**
 * The lane's answers are logged as Fastify logs its requests (at info: "incoming request",
 * "request completed", under a request id of the same sequence).
 */
function logFastLaneRequests(app: FastifyInstance, lane: FastLane): void {
  lane.observe({
    answered(request, _route, statusCode, seconds) {
      if (!(app.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')) return;
      const reqId = newRequestId();
      const req = {
        method: request.method,
        url: request.url,
        host: request.headers.host,
        ip: clientAddress(request, app.config.trustProxyHops),
        socket: request.socket,
      };
      app.log.info({ reqId, req }, 'incoming request');
      app.log.info({ reqId, res: { statusCode }, responseTime: seconds * 1000 }, 'request completed');
    },
  });
}

/**
 * The client's address as Fastify's `trustProxy` (hop count) reads it: the socket's, or that
 * many X-Forwarded-For entries back from it, as proxy-addr counts them.
 */
function clientAddress(request: IncomingMessage, trustedHops: number): string | undefined {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustedHops === 0 || typeof forwarded !== 'string') return request.socket.remoteAddress;
  const chain = [
    request.socket.remoteAddress,
    ...forwarded
      .split(',')
      .map((address) => address.trim())
      .reverse(),
  ];
  return chain[Math.min(trustedHops, chain.length - 1)];
}

/** Makes the app without listening: `server.ts` listens, tests inject or listen on port 0. */
export async function buildApp({ config, database, clock = systemClock, logStream }: AppDependencies): Promise<FastifyInstance> {
  installValidationMessages();
  // Issue 19: answers already in memory are sent before Fastify (docs/decisions/033).
  const fastLane = new FastLane(productSecurityHeaders());
  const app = Fastify({
    serverFactory: serverWithFastLane(fastLane),
    // One sequence of ids for Fastify's requests and the lane's (their log lines).
    genReqId: newRequestId,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      // No secret from a URL (mail links, OAuth and payment returns) and no SQL parameter in a log line.
      serializers: { req: serializeRequest, err: serializeError },
      // A module's logger (made at start-up) adds the id of the request it works for.
      mixin: requestLogMixin,
      ...(logStream ? { stream: logStream } : {}),
    },
    // Each request's log lines carry its id from the request's context, not from a child logger.
    childLoggerFactory: requestLogger,
    // Only trusted hops may set the client address: otherwise X-Forwarded-For would let anyone
    // pick their own IP and walk around every per-IP rate limit.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    // URLs the router refuses before any route runs (broken %-encoding, over-long parameters) answer `{"detail"}` too.
    frameworkErrors: answerFrameworkError,
    // Requests Node cannot parse (malformed HTTP, oversized headers, a request timeout): `{"detail"}` too.
    clientErrorHandler: answerClientError,
    ...serverTimeouts(config.uploads.requestTimeoutMs),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const catalogVersion = new CatalogVersion(database);
  app.decorate('catalogVersion', catalogVersion);
  app.addHook('onClose', () => catalogVersion.close());
  app.decorate('clock', clock);
  app.decorate('fastLane', fastLane);
  app.addHook('preClose', (done) => {
    fastLane.close();
    done();
  });
  logFastLaneRequests(app, fastLane);

  await app.register(errors);
  acceptEmptyJsonBodies(app);
  await app.register(security);
  await app.register(formbody);
  await app.register(openapi);
  // Issue 17: before every module, which records through app.metrics.
  await app.register(metricsModule);
  await app.register(jobs);
  await app.register(mail);
  await app.register(authContext);
  await app.register(auditModule);
  await app.register(settingsModule);
  await app.register(activityModule);
  await app.register(storage);
  await app.register(listingsModule);
  // After listings: suspending an account switches its listings off through app.listings.
  await app.register(authModule);
  await app.register(paymentsModule);
  await app.register(sellersModule);
  await app.register(photosModule);
  await app.register(documentsModule);
  await app.register(searchModule);
  await app.register(savedSearchesModule);
  await app.register(conversationsModule);
  await app.register(messagesModule);
  await app.register(feedbackModule);
  await app.register(supportModule);
  await app.register(inboxModule);
  await app.register(moderationModule);
  // Issue 16: buyer tools.
  await app.register(watchlistModule);
  await app.register(relatedModule);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(configRoutes);
      await api.register(messagesRoutes);
      await api.register(conversationsRoutes);
      await api.register(feedbackRoutes);
      await api.register(supportRoutes);
      await api.register(searchRoutes);
      await api.register(savedSearchRoutes);
      await api.register(listingRoutes);
      await api.register(photoRoutes);
      await api.register(documentRoutes);
      await api.register(sellerRoutes);
      await api.register(watchlistRoutes);
      await api.register(relatedRoutes);
      await api.register(paymentRoutes);
      // The operations console (issue 14): /admin/…, admins only.
      await api.register(activityAdminRoutes);
      await api.register(paymentsAdminRoutes);
      await api.register(settingsAdminRoutes);
      await api.register(inboxAdminRoutes);
      await api.register(auditAdminRoutes);
      await api.register(moderationRoutes);
      // The operations console (issue 14): every path starts /admin, every route is admins only.
      await api.register(moderationAdminRoutes);
      await api.register(adminUsersRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(webApp);
  return app;
}
