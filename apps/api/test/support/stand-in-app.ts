import { afterAll, beforeAll } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers.js';

/** A test file's app and the stand-in server (S3, SMTP, AI…) its env points at. */
export interface StandInApp<Server> {
  readonly server: Server;
  readonly ctx: TestContext;
}

/**
 * Starts a stand-in server before the file's tests, then the app with the env `envOf` gives
 * for it (the server's address is only known once it listens), and closes the app before the
 * server after them. Read `server` and `ctx` inside hooks and tests, once they have started.
 */
export function useAppWithStandIn<Server extends { close(): Promise<void> }>(
  start: () => Promise<Server>,
  envOf: (server: Server) => Record<string, string>,
): StandInApp<Server> {
  let server: Server | undefined;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    server = await start();
    ctx = await setupTestApp({ env: envOf(server) });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the stand-in server has not started');
      return server;
    },
    get ctx() {
      if (!ctx) throw new Error('the app has not started');
      return ctx;
    },
  };
}
