import { createServer, type IncomingMessage } from 'node:http';

/**
 * A local stand-in for the part of the S3 API the photo storage uses (path-style
 * PUT/GET/DELETE of an object, ListObjectsV2 in key order), so the real AWS SDK can be tested
 * end to end against it.
 * Signatures are recorded, not checked: that the SDK signs is its own business.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  lastModified: Date;
}

/** Keys per ListObjectsV2 page: few, so the SDK's paging is used (S3 may answer fewer than asked). */
const LIST_PAGE = 3;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** ListObjectsV2 of a bucket: keys under `prefix` after `start-after` / `continuation-token`, in order. */
function listObjects(objects: Map<string, StoredObject>, bucket: string, query: URLSearchParams): string {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const keys = [...objects.keys()]
    .filter((path) => path.startsWith(`${bucket}/`))
    .map((path) => path.slice(bucket.length + 1))
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort();
  const page = keys.slice(0, LIST_PAGE);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(`${bucket}/${key}`)!;
      return `<Contents><Key>${xml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"stand-in"</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>1000</MaxKeys>` +
    `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xml(page.at(-1)!)}</NextContinuationToken>` : ''}` +
    `${contents}</ListBucketResult>`
  );
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
      const url = new URL(request.url ?? '/', 'http://s3.local');
      const objectPath = decodeURIComponent(url.pathname).replace(/^\//, '');
      const body = await readBody(request);
      if (request.method === 'PUT') {
        objects.set(objectPath, {
          body,
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
          lastModified: new Date(),
        });
        response.writeHead(200, { etag: '"stand-in"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(objectPath);
        response.writeHead(204).end();
      } else if (request.method === 'GET' && url.searchParams.get('list-type') === '2' && !objectPath.replace(/\/$/, '').includes('/')) {
        const bucket = objectPath.replace(/\/$/, '');
        response.writeHead(200, { 'content-type': 'application/xml' }).end(listObjects(objects, bucket, url.searchParams));
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
