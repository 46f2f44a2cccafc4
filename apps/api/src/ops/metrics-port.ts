import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The only paths a WORKER=only process answers on METRICS_PORT (docs/decisions/024): its
 * worker counts mail, refunds and reconciled payments that no API process can report.
 */
const ANSWERED_PATHS = new Set(['/metrics', '/api/v1/health']);

/** Hop-by-hop: they describe the in-memory injection, not this connection. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export interface MetricsPort {
  port: number;
  close(): Promise<void>;
}

function notFound(response: http.ServerResponse, method: string, pathname: string): void {
  const body = JSON.stringify({ detail: `Not found: ${method} ${pathname} (a worker answers only /metrics and /api/v1/health)` });
  response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * Listens on `port` and hands the two paths to the app itself (`inject`), so the METRICS_TOKEN
 * check, the 401 body and the health answer are the API's own, not a copy that could drift.
 * Every other path is 404: the worker must not become a second, unbalanced API process.
 */
export async function listenForMetrics(app: FastifyInstance, host: string, port: number): Promise<MetricsPort> {
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    if ((method !== 'GET' && method !== 'HEAD') || !ANSWERED_PATHS.has(pathname)) {
      notFound(response, method, pathname);
      return;
    }
    const headers: Record<string, string> = {};
    if (request.headers.authorization !== undefined) headers.authorization = request.headers.authorization;
    app
      .inject({ method, url, headers, remoteAddress: request.socket.remoteAddress })
      .then((answer) => {
        const forwarded = Object.entries(answer.headers).filter(([name]) => !NOT_FORWARDED.has(name.toLowerCase()));
        response.writeHead(answer.statusCode, Object.fromEntries(forwarded) as http.OutgoingHttpHeaders);
        response.end(answer.rawPayload);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics port: the app did not answer');
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ detail: 'Internal server error' }));
      });
  });
  // A scraper's slow or idle connection must not hold the worker's shutdown.
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
