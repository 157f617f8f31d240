import type { Config } from '#server/config.ts';

// Where scheduled backups go: a bucket when BACKUP_S3_PREFIX is set and the uploads' S3 storage
// is configured (then BACKUP_DIR, if set too, only holds the erasure list), else BACKUP_DIR.

export type BackupDestination =
  { kind: 'dir'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export function backupDestination(config: Config): BackupDestination | undefined {
  const { dir, s3Prefix } = config.backup;
  const s3 = config.storage.s3;
  if (s3Prefix && s3) return { kind: 's3', bucket: s3.bucket, prefix: s3Prefix };
  if (dir) return { kind: 'dir', dir };
  return undefined;
}

/** "/srv/backups" or "s3://bucket/prefix", as the owner sees it. */
export function destinationLabel(destination: BackupDestination): string {
  return destination.kind === 'dir'
    ? destination.dir
    : `s3://${destination.bucket}/${destination.prefix}`;
}

/** The object key of an archive named `name` under the prefix. */
export function s3KeyOf(prefix: string, name: string): string {
  return prefix === '' || prefix.endsWith('/') ? `${prefix}${name}` : `${prefix}/${name}`;
}
