import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PROMO_FREE_UNTIL } from '@benchmarket/shared';
import { z } from 'zod';

/**
 * The one place that reads process.env. Everything else receives a typed `AppConfig`.
 * A bad value stops start-up with a message naming the variable (ARCHITECTURE: Configuration).
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2027-06-01');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  /** Behind a load balancer: how many proxy hops to trust for the client's address (X-Forwarded-For). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: `data/` of the folder npm was started in (INIT_CWD), so `npm start` from the repository uses its `data/`. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: optionalText,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24 * 7),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  // Per account: tight. Per IP: generous — a university or a hospital puts many buyers behind one address.
  RATE_LIMIT_LOGIN_PER_15_MIN: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * Issue 17: with several API processes, the per-minute flood guard counts in this Redis so the
   * processes share it (redis://host:6379/0); unset, each process counts its own. The limits that
   * protect accounts are in PostgreSQL either way.
   */
  REDIS_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^rediss?$/ }).optional()),
  /** Photos one account may upload per hour (each is decoded and re-encoded: the costly part of the API). */
  RATE_LIMIT_PHOTOS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** A request whose body has not fully arrived after this long is cut off (408): a slow upload cannot hold the server. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Photos decoded at once in this process (each may take a few hundred MB); more wait their turn, account by account. */
  PHOTO_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('BenchMarket <no-reply@benchmarket.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@benchmarket.local'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  ALLOW_SANDBOX_PAYMENTS: booleanFlag.default(false),
  ALLOW_OUTBOX_MAIL: booleanFlag.default(false),
  CURRENCY: z.string().length(3).default('usd'),
  PRICE_BASE_CENTS: z.coerce.number().int().min(0).default(4900),
  PRICE_ADDITIONAL_MONTH_CENTS: z.coerce.number().int().min(0).default(2900),
  PRICE_EXTENSION_MONTH_CENTS: z.coerce.number().int().min(0).default(3900),
  PROMO_FREE_UNTIL: isoDate.optional(),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Issue 17: where `npm run backup` writes backups when no directory is given; unset: DATA_DIR/backups. */
  BACKUP_DIR: optionalText,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  AI_EMBEDDING_MODEL: z.string().default('text-embedding-3-small'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(4000),
  /** Issue 17: GET /metrics wants `Authorization: Bearer <this>` when set; unset, it is open (keep it off the public network). */
  METRICS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, 'must be at least 16 characters'),
  /**
   * Issue 17: a WORKER=only process opens no API port, so its counters (mail, refunds,
   * reconciliation) are scraped here: /metrics and /api/v1/health only. Unset: no port at all.
   */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(65535).optional()),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Issue 17: `on` serves HTTP and runs the worker; `off` only serves; `only` runs the worker with no HTTP. */
  WORKER: z.enum(['on', 'off', 'only']).default('on'),
  WORKER_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Issue 17: on SIGTERM, how long in-flight requests may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Issue 16: how often the worker looks for new listings matching instant saved searches (at most 5 minutes). */
  ALERTS_EVERY_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
});

export type Env = z.infer<typeof envSchema>;

/** S3 settings, with the public address a bucket has when none is given. */
function s3Config(env: Env): AppConfig['s3'] {
  if (!env.S3_BUCKET) return undefined;
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined;
  const bucketUrl = env.S3_ENDPOINT
    ? forcePathStyle
      ? `${env.S3_ENDPOINT.replace(/\/+$/, '')}/${env.S3_BUCKET}`
      : env.S3_ENDPOINT.replace('://', `://${env.S3_BUCKET}.`).replace(/\/+$/, '')
    : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: (env.S3_PUBLIC_URL ?? bucketUrl).replace(/\/+$/, ''),
    forcePathStyle,
  };
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  trustProxyHops: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  demoData: boolean | undefined;
  webDistDir: string | undefined;
  jwt: { secret: string; ttlHours: number };
  rateLimits: {
    enabled: boolean;
    loginPer15Min: number;
    loginPerIpPer15Min: number;
    registerPerHour: number;
    emailPerHour: number;
    messagesPerHour: number;
    messagesPerIpPerHour: number;
    globalPerMinute: number;
    photosPerHour: number;
    /** Where the per-minute flood guard counts: a shared Redis, or (undefined) this process's memory. */
    redisUrl: string | undefined;
  };
  /** Upload bounds (issue 12): the whole request within `requestTimeoutMs`, `photoDecodeConcurrency` decodes at once. */
  uploads: { requestTimeoutMs: number; photoDecodeConcurrency: number };
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  google: { clientId: string | undefined; jwksUrl: string };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
    /** ALLOW_SANDBOX_PAYMENTS: the sandbox provider may run with NODE_ENV=production. */
    allowSandbox: boolean;
  };
  pricing: {
    currency: string;
    baseCents: number;
    additionalMonthCents: number;
    extensionMonthCents: number;
    promoFreeUntil: string;
  };
  /** Photos in an S3-compatible store when S3_BUCKET is set; else files under DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        region: string;
        /** Another S3-compatible service (MinIO, R2, …); unset: AWS. */
        endpoint: string | undefined;
        /** Unset: the AWS SDK's own credential chain (environment, instance role). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        /** Where browsers load photos from (a CDN, or the bucket's own address). */
        publicUrl: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Where `npm run backup` writes (issue 17): BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    chatModel: string;
    embeddingModel: string;
    timeoutMs: number;
  };
  /** Issue 17: the bearer token /metrics asks for; undefined: /metrics is open. */
  metricsToken: string | undefined;
  /** WORKER=only: the port that answers /metrics and /api/v1/health (docs/decisions/024); undefined: none. */
  metricsPort: number | undefined;
  /** How long a search page may be served from memory (always checked against the catalog version); 0: never. */
  searchCacheSeconds: number;
  /** `mode` is WORKER; `enabled`: this process runs the worker; `serves`: it listens for HTTP. */
  worker: { mode: 'on' | 'off' | 'only'; enabled: boolean; serves: boolean; pollMs: number };
  /** SIGTERM: in-flight requests get this long to finish (issue 17). */
  shutdownGraceMs: number;
  /** Saved-search alerts (issue 16): how often instant searches are matched against new listings. */
  alerts: { everySeconds: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('; ');
}

/** For local runs a JWT secret is generated once and kept in DATA_DIR, so tokens survive restarts. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(source.INIT_CWD ?? '.', 'data'));

  if (isProduction) {
    if (!env.JWT_SECRET) throw new ConfigError('Invalid configuration: JWT_SECRET is required with NODE_ENV=production');
    if (env.RATE_LIMITS === 'off') throw new ConfigError('Invalid configuration: RATE_LIMITS=off is refused with NODE_ENV=production');
    if (!env.STRIPE_SECRET_KEY && !env.ALLOW_SANDBOX_PAYMENTS) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_SECRET_KEY is required with NODE_ENV=production (sandbox payments are for local use; set ALLOW_SANDBOX_PAYMENTS=1 to allow them)',
      );
    }
    if (!env.SMTP_URL && !env.ALLOW_OUTBOX_MAIL) {
      throw new ConfigError(
        'Invalid configuration: SMTP_URL is required with NODE_ENV=production (set ALLOW_OUTBOX_MAIL=1 to keep mail in the outbox folder)',
      );
    }
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  }
  if (env.METRICS_PORT !== undefined && env.WORKER !== 'only') {
    // A serving process answers /metrics on PORT; accepting the variable there would let an
    // operator believe its metrics are on this port.
    throw new ConfigError('Invalid configuration: METRICS_PORT is for WORKER=only processes; the others answer /metrics on PORT');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    trustProxyHops: env.TRUST_PROXY,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    demoData: env.DEMO_DATA,
    webDistDir: env.WEB_DIST_DIR,
    jwt: { secret: env.JWT_SECRET ?? localJwtSecret(dataDir), ttlHours: env.JWT_TTL_HOURS },
    rateLimits: {
      enabled: env.RATE_LIMITS === 'on',
      loginPer15Min: env.RATE_LIMIT_LOGIN_PER_15_MIN,
      loginPerIpPer15Min: env.RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN,
      registerPerHour: env.RATE_LIMIT_REGISTER_PER_HOUR,
      emailPerHour: env.RATE_LIMIT_EMAIL_PER_HOUR,
      messagesPerHour: env.RATE_LIMIT_MESSAGES_PER_HOUR,
      messagesPerIpPerHour: env.RATE_LIMIT_MESSAGES_PER_IP_PER_HOUR,
      globalPerMinute: env.RATE_LIMIT_GLOBAL_PER_MINUTE,
      photosPerHour: env.RATE_LIMIT_PHOTOS_PER_HOUR,
      redisUrl: env.REDIS_URL,
    },
    uploads: { requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000, photoDecodeConcurrency: env.PHOTO_DECODE_CONCURRENCY },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, supportEmail: env.SUPPORT_EMAIL },
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      allowSandbox: env.ALLOW_SANDBOX_PAYMENTS,
    },
    pricing: {
      currency: env.CURRENCY.toLowerCase(),
      baseCents: env.PRICE_BASE_CENTS,
      additionalMonthCents: env.PRICE_ADDITIONAL_MONTH_CENTS,
      extensionMonthCents: env.PRICE_EXTENSION_MONTH_CENTS,
      // A fixed date (issue 14), never "the coming 1 June" that rolled on with every restart; an admin may override it (app_settings).
      promoFreeUntil: env.PROMO_FREE_UNTIL ?? DEFAULT_PROMO_FREE_UNTIL,
    },
    s3: s3Config(env),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    ai: {
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      chatModel: env.AI_CHAT_MODEL,
      embeddingModel: env.AI_EMBEDDING_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
    },
    metricsToken: env.METRICS_TOKEN,
    metricsPort: env.METRICS_PORT,
    searchCacheSeconds: env.SEARCH_CACHE_SECONDS,
    worker: { mode: env.WORKER, enabled: env.WORKER !== 'off', serves: env.WORKER !== 'only', pollMs: env.WORKER_POLL_MS },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    alerts: { everySeconds: env.ALERTS_EVERY_SECONDS },
  };
}
