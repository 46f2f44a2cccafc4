/**
 * Errors the API answers on purpose. The error handler turns them into `{"detail": …}` with
 * their status; anything else is a 500 whose text is never shown to the client.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Response headers that go with the error (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, code?: string) => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Not authenticated', code?: string) => new HttpError(401, detail, code);
export const forbidden = (detail: string, code?: string) => new HttpError(403, detail, code);
export const notFound = (detail = 'Not found', code?: string) => new HttpError(404, detail, code);
export const conflict = (detail: string, code?: string) => new HttpError(409, detail, code);
export const payloadTooLarge = (detail: string, code?: string) => new HttpError(413, detail, code);
export const unsupportedMediaType = (detail: string, code?: string) => new HttpError(415, detail, code);
export const tooManyRequests = (detail = 'Too many requests. Please wait a moment and try again.', code?: string) =>
  new HttpError(429, detail, code);
export const serviceUnavailable = (detail: string, code?: string) => new HttpError(503, detail, code);
