import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMO_FREE_UNTIL } from '@benchmarket/shared';
import { loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-config-'));

describe('loadConfig', () => {
  it('starts with no variables at all, on local defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwt.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps its data in data/ of the folder npm was started in, whichever workspace runs it (issue 18)', () => {
    const repository = mkdtempSync(path.join(os.tmpdir(), 'bm-repo-'));
    expect(loadConfig({ INIT_CWD: repository }).dataDir).toBe(path.join(repository, 'data'));
    expect(loadConfig({ INIT_CWD: repository, DATA_DIR: dataDir }).dataDir).toBe(dataDir);
  });

  it('keeps the generated JWT secret across restarts', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwt.secret).toBe(first.jwt.secret);
  });

  it('keeps photos on disk without S3_BUCKET, and works out where browsers load them from with it', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_REGION: 'eu-central-1' }).s3).toMatchObject({
      publicUrl: 'https://photos.s3.eu-central-1.amazonaws.com',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000/' }).s3).toMatchObject({
      publicUrl: 'http://minio:9000/photos',
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_PUBLIC_URL: 'https://cdn.example.com/p/' }).s3?.publicUrl).toBe(
      'https://cdn.example.com/p',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('runs the worker and serves HTTP, either alone, or both (WORKER); gives requests a grace period on SIGTERM (issue 17)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).worker).toMatchObject({ mode: 'on', enabled: true, serves: true });
    expect(loadConfig({ DATA_DIR: dataDir, WORKER: 'off' }).worker).toMatchObject({ enabled: false, serves: true });
    expect(loadConfig({ DATA_DIR: dataDir, WORKER: 'only' }).worker).toMatchObject({ enabled: true, serves: false });
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKER: 'sometimes' })).toThrow(/WORKER/);
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(loadConfig({ DATA_DIR: dataDir }).rateLimits.redisUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://cache:6379/0' }).rateLimits.redisUrl).toBe('redis://cache:6379/0');
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });

  it('opens a metrics port only for a worker-only process that asks for one (METRICS_PORT, issue 17)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WORKER: 'only' }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, WORKER: 'only', METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, WORKER: 'only', METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const port of ['0', '65536', 'metrics', '94.64']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, WORKER: 'only', METRICS_PORT: port }), port).toThrow(/METRICS_PORT/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464' })).toThrow(/METRICS_PORT is for WORKER=only/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKER: 'off', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT is for WORKER=only/);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses local-only defaults in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: secret, RATE_LIMITS: 'off' })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('ends the promotion on a fixed day: PROMO_FREE_UNTIL, else 2027-06-01 (never a date that rolls on with the clock)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).pricing.promoFreeUntil).toBe('2027-06-01');
    expect(DEFAULT_PROMO_FREE_UNTIL).toBe('2027-06-01');
    expect(loadConfig({ DATA_DIR: dataDir, PROMO_FREE_UNTIL: '2031-06-01' }).pricing.promoFreeUntil).toBe('2031-06-01');
    expect(() => loadConfig({ DATA_DIR: dataDir, PROMO_FREE_UNTIL: 'June' })).toThrow(/PROMO_FREE_UNTIL/);
  });
});
