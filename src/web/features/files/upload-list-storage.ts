import { uploadStatuses, type UploadedFile } from '#shared/uploads/uploads.contract.ts';
import { readJson, writeJson } from '#web/lib/storage.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';

// Files the server has taken, so they are still listed after Back, Continue or a reload. Only
// their receipts: the files themselves are on the server. Kept per session id.
const key = storageKeys.uploadedFiles;

export function loadUploaded(sessionId: string): UploadedFile[] {
  const stored = readJson(key);
  if (typeof stored !== 'object' || stored === null) return [];
  const { sessionId: owner, files } = stored as { sessionId?: unknown; files?: unknown };
  if (owner !== sessionId || !Array.isArray(files)) return [];
  return files.filter(
    (file): file is UploadedFile =>
      typeof file === 'object' &&
      file !== null &&
      typeof file.id === 'string' &&
      typeof file.name === 'string' &&
      typeof file.size === 'number' &&
      typeof file.type === 'string' &&
      uploadStatuses.includes(file.uploadStatus) &&
      typeof file.timestamp === 'string',
  );
}

export function saveUploaded(sessionId: string, files: UploadedFile[]): void {
  writeJson(key, { sessionId, files });
}
