import { createServer, type IncomingMessage } from 'node:http';

/**
 * A local stand-in for the part of the S3 API the photo storage uses (path-style
 * PUT/GET/DELETE of an object), so the real AWS SDK can be tested end to end against it.
 * Signatures are recorded, not checked: that the SDK signs is its own business.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface S3StandIn {
  /** `http://127.0.0.1:<port>` for S3_ENDPOINT. */
  url: string;
  /** Objects by `<bucket>/<key>`. */
  readonly objects: Map<string, StoredObject>;
  /** The Authorization header of every request (SigV4 from the SDK). */
  readonly authorizations: (string | undefined)[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const authorizations: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      authorizations.push(request.headers.authorization);
      const objectPath = decodeURIComponent(new URL(request.url ?? '/', 'http://s3.local').pathname).replace(/^\//, '');
      const body = await readBody(request);
      if (request.method === 'PUT') {
        objects.set(objectPath, {
          body,
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
        });
        response.writeHead(200, { etag: '"stand-in"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(objectPath);
        response.writeHead(204).end();
      } else if (request.method === 'GET' && objects.has(objectPath)) {
        const object = objects.get(objectPath)!;
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream' }).end(object.body);
      } else {
        response
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
