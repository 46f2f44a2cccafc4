/**
 * The one module that talks to the BenchMarket API (ARCHITECTURE.md: "One API client
 * module"). It knows the /api/v1 prefix, adds the bearer token when one is stored (spec §7)
 * and turns failures into `ApiError` carrying the server's `detail` (spec §8).
 * Nothing else in the app calls `fetch`.
 */
import { getToken } from './token-storage';

const API_PREFIX = '/api/v1';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  /** The server's `detail` field, when it sent one. Undefined otherwise. */
  readonly detail: string | undefined;
  /** The server's machine-readable `code` (e.g. 'email_not_verified'), when it sent one. */
  readonly code: string | undefined;

  constructor(status: number, detail: string | undefined, message?: string, code?: string) {
    super(message ?? detail ?? `Request failed with status ${String(status)}`);
    this.status = status;
    this.detail = detail;
    this.code = code;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the call failed with this machine-readable `code` (ErrorResponseSchema's `code`). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return isApiError(error) && error.code === code;
}

/** The message to show for a failed call: the server's detail if present, else `fallback` (spec §8). */
export function errorDetail(error: unknown, fallback: string): string {
  return isApiError(error) && error.detail ? error.detail : fallback;
}

/**
 * When the API answered: its detail (or `fallback`); when no answer came (the network
 * failed): `offline`. The account pages' rule (spec §8).
 */
export function answerDetail(error: unknown, fallback: string, offline: string): string {
  return isApiError(error) && !error.isNetworkError ? errorDetail(error, fallback) : offline;
}

type QueryValue = string | number | boolean | null | undefined;
type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; null, undefined and '' are left out, arrays repeat the key. */
  query?: QueryParams;
  /** A JSON body (the default body type of the API). */
  json?: unknown;
  /** A form-encoded body (application/x-www-form-urlencoded), e.g. the login call. */
  form?: Record<string, string> | URLSearchParams;
  /** A multipart body, e.g. photo upload; the browser sets the boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Lets TanStack Query (or a component) cancel the request. */
  signal?: AbortSignal;
}

/** Options of the shorthand helpers: everything except what the helper itself decides. */
export type CallOptions = Pick<RequestOptions, 'query' | 'headers' | 'signal'>;

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined || item === '') continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function requestBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  if (options.multipart) return options.multipart;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return options.form instanceof URLSearchParams ? options.form : new URLSearchParams(options.form);
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Picks a human-readable `detail` out of an error body, if there is one. */
function detailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return undefined;
  const { detail } = body;
  if (typeof detail === 'string' && detail.trim()) return detail;
  // Tolerate validation lists of the shape [{ msg: '...' }].
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item: unknown) => (typeof item === 'object' && item !== null && 'msg' in item ? String(item.msg) : null))
      .filter((message): message is string => Boolean(message));
    if (messages.length > 0) return messages.join('; ');
  }
  return undefined;
}

/** The error body's machine-readable `code`, if there is one. */
function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' && body.code ? body.code : undefined;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** The browser's fetch; the server render (src/entry-server.tsx) answers the same calls in-process. */
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Issue 19: where the server renders a page, its calls go to the API in the same process
 * (the anonymous visitor's view), not over a network it does not have a base URL for.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = requestBody(options, headers);

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request is not a failure: let the caller (TanStack Query) see the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, undefined, 'Network request failed');
  }

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(response.status, detailOf(data), undefined, codeOf(data));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'POST', json }),
  put: <T>(path: string, json?: unknown, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', json }),
  delete: <T = void>(path: string, options?: CallOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** POST a form-encoded body (e.g. /auth/login takes username and password this way). */
  postForm: <T>(path: string, form: Record<string, string> | URLSearchParams, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', form }),
  /** POST multipart form data (e.g. photos: one `files` field per file). */
  postMultipart: <T>(path: string, multipart: FormData, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', multipart }),
  /** PUT multipart form data (e.g. the seller's logo: one `file` field). */
  putMultipart: <T>(path: string, multipart: FormData, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', multipart }),
};
