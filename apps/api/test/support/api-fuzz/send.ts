import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Operation } from './openapi.js';
import { brief, type RequestPlan } from './requests.js';

/** Sending the API fuzzer's requests and judging the answers: no 5xx, every 4xx with a `detail`, every 2xx readable. */

function urlOf(op: Operation, plan: RequestPlan): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => plan.path[name] ?? '');
  return plan.query ? `${path}?${plan.query}` : path;
}

let ipCounter = 0;

export function send(app: FastifyInstance, op: Operation, plan: RequestPlan, token: string | undefined): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...plan.headers };
  if (plan.body?.contentType !== undefined) headers['content-type'] = plan.body.contentType;
  const authorization = plan.authorization ?? (token ? `Bearer ${token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  ipCounter += 1;
  return app.inject({
    method: op.method,
    url: urlOf(op, plan),
    headers,
    payload: plan.body?.payload,
    // Many callers, as in production: per-address counters are not what is fuzzed here.
    remoteAddress: `10.77.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`,
  });
}

/** What is wrong with an answer, if anything. */
export function problemsOf(response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 500) return [`answered ${status}`];
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return [`answered ${status} with a body that is not JSON (${type || 'no content type'})`];
    }
    const detail = (body as { detail?: unknown } | null)?.detail;
    if (typeof detail !== 'string' || detail.trim() === '') return [`answered ${status} without a detail`];
    return [];
  }
  if (status >= 200 && status < 300 && response.body !== '') {
    if (!type.includes('json')) return [`answered ${status} with ${type || 'no content type'}, not JSON`];
    try {
      response.json();
    } catch {
      return [`answered ${status} with a body that does not parse`];
    }
  }
  return [];
}

/** How to send the request again, for a failure report. */
export function reproduction(op: Operation, plan: RequestPlan, withToken: boolean): string {
  const url = urlOf(op, plan);
  const parts = [`${op.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url}`];
  if (plan.body?.contentType !== undefined) parts.push(`content-type: ${plan.body.contentType}`);
  if (plan.authorization !== undefined) parts.push(`authorization: ${brief(plan.authorization)}`);
  else if (withToken) parts.push("authorization: Bearer <the caller's token>");
  for (const [name, value] of Object.entries(plan.headers ?? {})) parts.push(`${name}: ${brief(value)}`);
  if (plan.body) {
    const text = Buffer.isBuffer(plan.body.payload) ? plan.body.payload.toString('latin1') : plan.body.payload;
    const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text);
    parts.push(`body (${Buffer.byteLength(plan.body.payload)} bytes): ${shown}`);
  }
  return parts.join(' | ');
}
