/**
 * A keep-alive load generator that reads each answer by its framing (status line, headers,
 * Content-Length or chunks) and never decodes its body.
 *
 * Why not autocannon for every route: autocannon 8 appends each body chunk to a string
 * (`req.body += data`), so it decodes every answer as UTF-8. On text that costs little; on
 * binary bodies (a brotli-compressed script, a WebP photo) it is the bottleneck of the whole
 * run — a bare Fastify server sending the build's 85 KB `.br` file answered 800 requests a
 * second to autocannon against 10,500 for 85 KB of the letter "a" (same headers, same server,
 * 50 connections). The ratio then measured the client's UTF-8 decoder, not the server.
 */
import net from 'node:net';

export interface FramedLoadResult {
  total: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
  bytes: number;
}

interface Options {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Requests `url` over `connections` keep-alive connections, one request in flight on each, for `seconds`. */
export async function framedLoad({ url, connections, seconds, headers }: Options): Promise<FramedLoadResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  );
  const result: FramedLoadResult = { total: 0, non2xx: 0, errors: 0, p99Ms: 0, bytes: 0 };
  const latencies: number[] = [];
  const endAt = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, () =>
      runConnection(target, request, endAt, (status, bytes, ms) => {
        result.total += 1;
        result.bytes += bytes;
        if (status < 200 || status > 299) result.non2xx += 1;
        latencies.push(ms);
      }).catch(() => {
        result.errors += 1;
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  result.p99Ms = latencies.length > 0 ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]! : 0;
  return result;
}

/** One connection: send, read one whole answer, send again — until `endAt`. */
function runConnection(
  target: URL,
  request: Buffer,
  endAt: number,
  onAnswer: (status: number, bytes: number, ms: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 80), noDelay: true });
    const reader = new AnswerReader();
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= endAt) {
        socket.end();
        return resolve();
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const answer of reader.push(chunk)) {
          onAnswer(answer.status, answer.bytes, performance.now() - sentAt);
          send();
        }
      } catch (error) {
        socket.destroy();
        reject(error as Error);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

interface Answer {
  status: number;
  bytes: number;
}

/** Splits the bytes of a connection into answers: headers read as text, bodies skipped by length or chunk sizes. */
class AnswerReader {
  private pending: Buffer = Buffer.alloc(0);
  private status = 0;
  private headerBytes = 0;
  /** Body bytes still to skip (Content-Length), or -1 while reading chunk sizes, or undefined between answers. */
  private remaining: number | undefined;
  private chunked = false;
  private bodyBytes = 0;

  push(chunk: Buffer): Answer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const answers: Answer[] = [];
    for (;;) {
      if (this.remaining === undefined && !this.chunked) {
        const end = this.pending.indexOf(HEADER_END);
        if (end < 0) break;
        this.readHeaders(this.pending.toString('latin1', 0, end));
        this.headerBytes = end + 4;
        this.bodyBytes = 0;
        this.pending = this.pending.subarray(end + 4);
      }
      if (this.chunked) {
        const done = this.skipChunks();
        if (!done) break;
      } else {
        const take = Math.min(this.remaining!, this.pending.length);
        this.pending = this.pending.subarray(take);
        this.remaining! -= take;
        this.bodyBytes += take;
        if (this.remaining! > 0) break;
      }
      answers.push({ status: this.status, bytes: this.headerBytes + this.bodyBytes });
      this.remaining = undefined;
      this.chunked = false;
    }
    return answers;
  }

  private readHeaders(text: string): void {
    this.status = Number(text.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
    this.chunked = !length && /\r\ntransfer-encoding:\s*chunked/i.test(text);
    const bodiless = this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200);
    this.remaining = this.chunked ? -1 : bodiless ? 0 : Number(length?.[1] ?? 0);
  }

  /** Skips whole chunks; true once the last (empty) chunk and its blank line are read. */
  private skipChunks(): boolean {
    for (;;) {
      const lineEnd = this.pending.indexOf('\r\n');
      if (lineEnd < 0) return false;
      const size = parseInt(this.pending.toString('latin1', 0, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('malformed chunked answer');
      // The chunk's data and its CRLF (the last chunk: just the blank line after it).
      const needed = lineEnd + 2 + size + 2;
      if (this.pending.length < needed) return false;
      this.bodyBytes += size;
      this.pending = this.pending.subarray(needed);
      if (size === 0) return true;
    }
  }
}
