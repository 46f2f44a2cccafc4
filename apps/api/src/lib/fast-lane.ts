import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { browserCopyIsCurrent, type Validators } from './conditional-requests.js';

/** What an answer already in memory is made of (issue 19, docs/decisions/033). */
export interface FastAnswerParts {
  /** The request metrics' route label, the one Fastify's path gives the same request. */
  route: string;
  /** The 200 answer's headers beyond the security headers (content-length included). */
  headers: Record<string, string | number | undefined>;
  body: Buffer;
  /** A browser whose copy is current (If-None-Match, If-Modified-Since) gets a 304 with these headers and no body. */
  notModified?: { validators: Validators; headers: Record<string, string | number | undefined> };
}

/** An answer with every header worked out, the security headers first: made once, sent many times. */
export interface FastAnswer {
  route: string;
  headers: string[];
  body: Buffer;
  notModified?: { validators: Validators; headers: string[] };
}

/** The answer to a GET or HEAD of `pathname`, or undefined to leave the request to Fastify. */
export type FastAnswerer = (request: IncomingMessage, pathname: string) => FastAnswer | undefined;

/** What the lane tells about each answer it sends: the request metrics and the request log. */
export interface FastLaneObserver {
  answered(request: IncomingMessage, route: string, statusCode: number, seconds: number): void;
}

const API_PREFIX = '/api/';

/** Request ids shared by Fastify (its `genReqId`) and the lane, so two requests never share one in the log. */
let nextRequestId = 0;
export function newRequestId(): string {
  nextRequestId += 1;
  return `req-${nextRequestId.toString(36)}`;
}

/**
 * Issue 19: the answers that are already in memory — the web build's files, public photos whose
 * listing was checked at the current catalog version, pages kept while the catalog holds, the
 * health check while its last database ping stands — are written straight to Node's response,
 * in front of Fastify. Their headers (the security headers included) are worked out once; a
 * request costs a map lookup, a conditional check and one write. Everything else, and every
 * such request whose answer is not in memory, goes on to Fastify unchanged: the lane never
 * reads the database, never refuses and never errs — when in doubt it does not answer.
 * Fastify's own path for the same URLs stays and gives the same answers (tests:
 * apps/api/test/fast-lane.test.ts); what a request through the lane skips is Fastify's
 * per-request machinery — routing, hooks, the reply object — which cost more than the write (a
 * bare Fastify serving the app shell's 8 KB: 0.73× a hello-world; Node's own server: 0.9×).
 */
export class FastLane {
  private readonly exact = new Map<string, FastAnswerer>();
  private readonly prefixed: { prefix: string; answerer: FastAnswerer }[] = [];
  private fallback: FastAnswerer | undefined;
  private readonly observers: FastLaneObserver[] = [];
  /** Answers sent by the lane since start (the rest went on to Fastify). */
  answers = 0;
  private closed = false;

  private readonly securityHeaders: string[];

  /** `securityHeaders`: what every answer carries (plugins/security.ts). */
  constructor(securityHeaders: Record<string, string>) {
    this.securityHeaders = headerPairs(securityHeaders);
  }

  /** An answer made ready to send (see FastAnswer). */
  prepare(parts: FastAnswerParts): FastAnswer {
    return {
      route: parts.route,
      headers: [...this.securityHeaders, ...headerPairs(parts.headers)],
      body: parts.body,
      ...(parts.notModified && {
        notModified: {
          validators: parts.notModified.validators,
          headers: [...this.securityHeaders, ...headerPairs(parts.notModified.headers)],
        },
      }),
    };
  }

  /** Answers a GET or HEAD of exactly `pathname` (a query string aside). */
  at(pathname: string, answerer: FastAnswerer): void {
    this.exact.set(pathname, answerer);
  }

  /** Answers the paths under `prefix` that no exact path answers. */
  under(prefix: string, answerer: FastAnswerer): void {
    this.prefixed.push({ prefix, answerer });
  }

  /** Asked last, for any other path (the kept pages). */
  otherwise(answerer: FastAnswerer): void {
    this.fallback = answerer;
  }

  observe(observer: FastLaneObserver): () => void {
    this.observers.push(observer);
    return () => {
      const at = this.observers.indexOf(observer);
      if (at >= 0) this.observers.splice(at, 1);
    };
  }

  /** Sends the answer and says true, or says false and leaves the request to Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { method } = request;
    const url = request.url ?? '/';
    if ((method !== 'GET' && method !== 'HEAD') || this.closed) return false;
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    // The API's answers take Fastify's path (sign-in, schemas, the flood guard), but for the
    // exact paths a module gives the lane (the health check).
    if (pathname.startsWith(API_PREFIX) && !this.exact.has(pathname)) return false;
    const found = this.found(request, pathname);
    if (!found) return false;
    const started = performance.now();
    const statusCode = found.notModified && browserCopyIsCurrent(request, found.notModified.validators) ? 304 : 200;
    response.writeHead(statusCode, statusCode === 304 ? found.notModified!.headers : found.headers);
    response.end(statusCode === 200 && method === 'GET' ? found.body : undefined);
    this.answers += 1;
    const seconds = (performance.now() - started) / 1000;
    for (const observer of this.observers) observer.answered(request, found.route, statusCode, seconds);
    return true;
  }

  /**
   * From now on every request goes to Fastify: while the app closes, Fastify answers 503 and
   * closes each connection, which a lane still answering on a kept-alive connection would hold open.
   */
  close(): void {
    this.closed = true;
  }

  /** The answer in memory, if any; an answerer that throws leaves the request to Fastify, which answers it properly. */
  private found(request: IncomingMessage, pathname: string): FastAnswer | undefined {
    try {
      return this.answererFor(pathname)?.(request, pathname);
    } catch {
      return undefined;
    }
  }

  private answererFor(pathname: string): FastAnswerer | undefined {
    const exact = this.exact.get(pathname);
    if (exact) return exact;
    for (const { prefix, answerer } of this.prefixed) if (pathname.startsWith(prefix)) return answerer;
    return this.fallback;
  }
}

/** name, value, name, value… as `writeHead` takes them; an undefined value is left out. */
function headerPairs(headers: Record<string, string | number | undefined>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [name.toLowerCase(), String(value)]));
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make itself (same options and
 * timeouts, lib/server.js of Fastify 5), with the lane in front of Fastify's handler.
 */
export function serverWithFastLane(lane: FastLane): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, options) => {
    const server: Server = http.createServer(options.http ?? {}, (request, response) => {
      if (!lane.answer(request, response)) handler(request, response);
    });
    if (typeof options.keepAliveTimeout === 'number') server.keepAliveTimeout = options.keepAliveTimeout;
    if (typeof options.requestTimeout === 'number') server.requestTimeout = options.requestTimeout;
    if (typeof options.connectionTimeout === 'number') server.setTimeout(options.connectionTimeout);
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
