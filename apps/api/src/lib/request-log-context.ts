import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Issue 17: every log line written while a request runs carries its `reqId` — also the lines
 * of the modules' own loggers (`app.log.child({ module })`), which are made once at start-up
 * and know no request. The request's id travels in an AsyncLocalStorage; pino's mixin adds it
 * to a line whose logger does not carry it already (`request.log` does).
 */
const currentRequestId = new AsyncLocalStorage<string>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

export function requestLogMixin(_line: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = currentRequestId.getStore();
  if (reqId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

/**
 * Runs each request inside its id's context from its first hook. The body is read from the
 * socket's events, outside that context: preValidation (after parsing) re-enters it, as
 * @fastify/request-context does.
 */
export function bindLogsToRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequestId.run(request.id, () => {
      const scope = new AsyncResource('benchmarket-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}
