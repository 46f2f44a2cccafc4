import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 17: every log line written while a request runs carries its `reqId` — also the lines
 * of the modules' own loggers (`app.log.child({ module })`), which are made once at start-up
 * and know no request. The request's id travels in an AsyncLocalStorage; pino's mixin adds it
 * to a line whose logger does not carry it already (`request.log` does).
 */
const currentRequestId = new AsyncLocalStorage<string>();

export function requestLogMixin(_line: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = currentRequestId.getStore();
  if (reqId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

/**
 * Enters each request's context from its first hook, with `enterWith`, not `run` inside an
 * AsyncResource: the context then belongs to what runs the hook (the connection's parser,
 * which serves one request at a time, its body's events included) and everything the
 * request starts inherits it — work it leaves running after the answer too — at none of the
 * cost of a resource and two scoped calls per request, a sixth of a health check's CPU
 * (issue 19). A line the connection itself writes between two requests (a timed-out next
 * request, say) carries the previous request's id: that of the last request on the same
 * connection.
 */
export function bindLogsToRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequestId.enterWith(request.id);
    done();
  });
}
