import net from 'node:net';

/**
 * Requests written byte by byte to a listening app, for what `inject` cannot send: malformed
 * request lines and headers, oversized headers, broken chunked encoding. Node's HTTP parser
 * refuses these before Fastify sees them (the app's clientErrorHandler answers).
 */

interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.toString().slice(0, 80))}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
      resolve({ status, contentType, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** Requests Node's parser refuses, each a complete request that asks for the connection to close. */
export function malformedHttpRequests(path: string): Array<{ label: string; request: string | Buffer }> {
  const host = 'Host: 127.0.0.1\r\nConnection: close';
  return [
    { label: 'headers of 20 KB', request: `GET ${path} HTTP/1.1\r\n${host}\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n` },
    {
      label: '200 headers of 100 bytes',
      request: `GET ${path} HTTP/1.1\r\n${host}\r\n${Array.from({ length: 200 }, (_, i) => `X-H${i}: ${'v'.repeat(100)}`).join('\r\n')}\r\n\r\n`,
    },
    { label: 'garbage request line', request: 'HELLO THERE\r\n\r\n' },
    { label: 'request line without a version', request: `GET ${path}\r\n${host}\r\n\r\n` },
    { label: 'NUL in the path', request: `GET ${path}\u0000 HTTP/1.1\r\n${host}\r\n\r\n` },
    { label: 'a header without a colon', request: `GET ${path} HTTP/1.1\r\n${host}\r\nno colon here\r\n\r\n` },
    {
      label: 'a control character in a header value',
      request: Buffer.from(`GET ${path} HTTP/1.1\r\n${host}\r\nX-Evil: a\u0001b\r\n\r\n`, 'latin1'),
    },
    { label: 'a space before the colon', request: `GET ${path} HTTP/1.1\r\n${host}\r\nX-Evil : a\r\n\r\n` },
    { label: 'HTTP/9.9', request: `GET ${path} HTTP/9.9\r\n${host}\r\n\r\n` },
    {
      label: 'Content-Length and Transfer-Encoding together',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    },
    {
      label: 'two different Content-Lengths',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    },
    {
      label: 'a negative Content-Length',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`,
    },
    {
      label: 'a broken chunk size',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    },
    {
      label: 'a chunk longer than it says',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}}\r\n0\r\n\r\n`,
    },
    {
      label: 'an unknown Transfer-Encoding',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, zz\r\n\r\n{}`,
    },
    {
      label: 'a Content-Length over the body limit',
      request: `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{}`,
    },
  ];
}
