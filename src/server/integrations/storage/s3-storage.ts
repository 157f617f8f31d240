import { Readable } from 'node:stream';
import type { S3Config } from '#server/config.ts';
import { assertSafeKey, type FileStorage } from './file-storage';

const prefix = 'uploads/';
// S3's smallest part. One part in flight at a time keeps an upload's buffer near 5 MB whatever
// the file size (lib-storage holds each part in memory while it is sent).
const partSize = 5 * 1024 * 1024;

// The SDK is ~130 ms of start-up: loaded on the first file, and only where a bucket is configured.
const loadSdk = () => Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);

/** A bucket in AWS S3 or an S3-compatible service; objects stay private. */
export function createS3Storage(config: S3Config): FileStorage {
  let sdk: ReturnType<typeof connect> | undefined;
  const connected = () => (sdk ??= connect(config));
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = objectKey(key);
      const { client, Upload } = await connected();
      const upload = new Upload({
        client,
        params: { Bucket: config.bucket, Key, Body: body, ContentType: contentType },
        partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return { url: `s3://${config.bucket}/${Key}` };
    },
    async get(key) {
      const { client, GetObjectCommand, NoSuchKey } = await connected();
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        );
        return out.Body instanceof Readable ? out.Body : null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async remove(key) {
      const { client, DeleteObjectCommand } = await connected();
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}

/** The SDK's client for the bucket, and the commands the storage and the backups use. */
export async function connect(config: S3Config) {
  const [{ DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client }, { Upload }] =
    await loadSdk();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible services reject the SDK's
    // default trailing checksums (aws-chunked bodies); TLS already protects the transfer.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, Upload, GetObjectCommand, DeleteObjectCommand, NoSuchKey };
}
