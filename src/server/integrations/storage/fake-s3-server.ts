// Test helper: the part of the S3 protocol the adapter uses (path-style PUT/GET/DELETE of objects
// and multipart uploads), in memory on node:http. Signatures are not checked.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  /** Stored objects by "bucket/key". */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Requests seen, as "METHOD /path?query", for asserting how the SDK talked to it. */
  requests: string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xml = (res: ServerResponse, status: number, body: string) =>
  res.writeHead(status, { 'content-type': 'application/xml' }).end(body);

export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const multipart = new Map<string, Map<number, Buffer>>();
  const requests: string[] = [];

  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const name = decodeURIComponent(url.pathname.slice(1));
    const uploadId = url.searchParams.get('uploadId');
    const body = await readBody(req);
    const contentType = req.headers['content-type'];

    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      multipart.set(id, new Map());
      return xml(
        res,
        200,
        `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (req.method === 'PUT' && uploadId) {
      multipart.get(uploadId)?.set(Number(url.searchParams.get('partNumber')), body);
      return res.writeHead(200, { etag: `"${randomUUID()}"` }).end();
    }
    if (req.method === 'POST' && uploadId) {
      const parts = [...(multipart.get(uploadId) ?? new Map<number, Buffer>())];
      parts.sort(([a], [b]) => a - b);
      objects.set(name, { body: Buffer.concat(parts.map(([, part]) => part)), contentType });
      multipart.delete(uploadId);
      return xml(
        res,
        200,
        `<CompleteMultipartUploadResult><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (req.method === 'PUT') {
      objects.set(name, { body, contentType });
      return res.writeHead(200, { etag: `"${randomUUID()}"` }).end();
    }
    if (req.method === 'DELETE') {
      if (uploadId) multipart.delete(uploadId);
      else objects.delete(name);
      return res.writeHead(204).end();
    }
    const object = objects.get(name);
    if (req.method === 'GET' && object) {
      return res
        .writeHead(200, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': object.body.length,
        })
        .end(object.body);
    }
    return xml(res, 404, '<Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');
  };
  const server = createServer((req, res) => void respond(req, res));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
