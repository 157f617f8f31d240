import type { StorageConfig } from '#server/config.ts';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** S3-compatible storage when a bucket is configured, else `<DATA_DIR>/uploads`. */
export function createFileStorage(config: StorageConfig): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}
