import type { IncomingHttpHeaders } from 'node:http';

/** What a browser's copy of a file is compared with. */
export interface Validators {
  etag: string;
  /** Modification time in whole seconds (as Last-Modified carries it), in milliseconds. */
  modifiedMs: number;
}

/**
 * True when the browser's copy is current, so a 304 with no body will do: If-None-Match names
 * the file's tag (or `*`), or — only without If-None-Match, as HTTP says — If-Modified-Since is
 * not before the file.
 */
export function browserCopyIsCurrent(request: { headers: IncomingHttpHeaders }, file: Validators): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined) return tags.trim() === '*' || tags.split(',').some((tag) => tag.trim() === file.etag);
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && at >= file.modifiedMs;
}
