import { AsyncLocalStorage } from 'node:async_hooks';

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
 * Fastify's per-request logger (its `childLoggerFactory`), called first thing for every
 * request, before its first log line ("incoming request") and its first hook: it enters the
 * request's context and hands back the app's own logger, whose lines get the request's id
 * from the mixin above — no pino child per request (its bindings serialised, its prototype
 * chain made: issue 19). The context is entered with `enterWith`, not `run` inside an
 * AsyncResource: it then belongs to what runs the request (the connection's parser, which
 * serves one request at a time, its body's events included) and everything the request
 * starts inherits it — work it leaves running after the answer too. A line the connection
 * itself writes between two requests (a timed-out next request, say) carries the previous
 * request's id: that of the last request on the same connection.
 */
export function requestLogger<Logger>(logger: Logger, bindings: { reqId?: unknown }): Logger {
  currentRequestId.enterWith(String(bindings.reqId));
  return logger;
}
