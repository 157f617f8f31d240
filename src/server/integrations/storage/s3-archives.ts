import { createReadStream } from 'node:fs';
import type { S3Config } from '#server/config.ts';
import { connect } from './s3-storage';

// The backups' side of the bucket (issue 31): archives under BACKUP_S3_PREFIX, beside the uploads'
// prefix of s3-storage.ts, on the same client settings. Keys are the app's own (prefix + a name it
// made), so they skip the uploads' key check.

export interface S3Archives {
  /** Streams the file at `path` to `key` (multipart, one 5 MB part in memory at a time). */
  put(key: string, path: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export function createS3Archives(config: S3Config): S3Archives {
  let sdk: ReturnType<typeof connect> | undefined;
  const connected = () => (sdk ??= connect(config));
  return {
    async put(key, path) {
      const { client, Upload } = await connected();
      const upload = new Upload({
        client,
        params: {
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(path),
          ContentType: 'application/octet-stream',
        },
        partSize: 5 * 1024 * 1024,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async remove(key) {
      const { client, DeleteObjectCommand } = await connected();
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
