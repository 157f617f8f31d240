import { errorCodes } from '#shared/api/error.ts';
import type { LeadFile } from '#shared/leads/lead-detail.contract.ts';
import {
  fileNotFoundMessage,
  uploadErrorCodes,
  uploadLimits,
  uploadMessages,
  uploadSessionIdSchema,
  type UploadedFile,
} from '#shared/uploads/uploads.contract.ts';
import { newUuid } from '#web/lib/session-id.ts';
import { sniffFile } from './demo-file-type';
import { notFound, parse, refuse, route, type DemoRoute } from './demo-http';
import {
  dropFileBytes,
  keepFileBytes,
  read,
  readFileBytes,
  transact,
  type DemoData,
  type DemoFile,
} from './demo-store';

// The Files step in the demo: the photos stay in this browser (IndexedDB, beside the demo's other
// data), refused as the server refuses them (the type by the first bytes, 15 MB, 10 per lead), and
// shown through object URLs: the customer's thumbnail on the Files step, the lead's on /leads/:id.

/** What the demo's upload-request.ts hands over instead of a multipart body. */
interface DemoUploadBody {
  file: Blob;
  name: string;
}

const isUploadBody = (body: unknown): body is DemoUploadBody =>
  typeof body === 'object' && body !== null && (body as DemoUploadBody).file instanceof Blob;

/** Photos a browser can show as they are; HEIC and PDF get no thumbnail (as on the server). */
const showable = (type: string) => ['image/jpeg', 'image/png', 'image/webp'].includes(type);

/** The name without a path or control characters, as the server keeps it. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f);
  return printable.join('').slice(0, 255) || 'file';
}

function uploadedDto(file: DemoFile): UploadedFile {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    type: file.type,
    uploadStatus: 'uploaded',
    s3Url: null,
    timestamp: file.createdAt,
    hasThumbnail: showable(file.type),
  };
}

async function upload(query: URLSearchParams, body: unknown) {
  const sessionId = parse(uploadSessionIdSchema, query.get('sessionId') ?? undefined);
  if (!isUploadBody(body)) throw refuse(400, errorCodes.validation, uploadMessages.noFile);
  if (body.file.size > uploadLimits.maxFileBytes) {
    throw refuse(413, uploadErrorCodes.tooLarge, uploadMessages.tooLarge);
  }
  const type = await sniffFile(body.file);
  if (!type) throw refuse(415, uploadErrorCodes.typeNotAllowed, uploadMessages.typeNotAllowed);
  const id = newUuid();
  const file = await transact((data) => {
    const lead = data.leads.find((l) => l.sessionId === sessionId);
    if (!lead) throw refuse(409, uploadErrorCodes.contactFirst, uploadMessages.contactFirst);
    if (data.files.filter((f) => f.leadId === lead.id).length >= uploadLimits.maxFilesPerLead) {
      throw refuse(409, uploadErrorCodes.tooMany, uploadMessages.tooMany);
    }
    const kept: DemoFile = {
      id,
      sessionId,
      leadId: lead.id,
      name: cleanName(body.name),
      size: body.file.size,
      type,
      createdAt: new Date().toISOString(),
    };
    data.files.push(kept);
    return kept;
  });
  await keepFileBytes(id, body.file);
  return { file: uploadedDto(file) };
}

function ownFile(data: DemoData, id: string, sessionId: string | null): DemoFile {
  const file = data.files.find((f) => f.id === id);
  if (!file || file.sessionId !== sessionId) throw notFound(fileNotFoundMessage);
  return file;
}

async function preview(id: string, query: URLSearchParams): Promise<Blob> {
  const file = ownFile(await read(), id, query.get('sessionId'));
  const bytes = showable(file.type) ? await readFileBytes(file.id) : undefined;
  if (!bytes) throw notFound(fileNotFoundMessage);
  return bytes;
}

async function removeFile(id: string, query: URLSearchParams) {
  await transact((data) => {
    ownFile(data, id, query.get('sessionId'));
    data.files = data.files.filter((f) => f.id !== id);
  });
  await dropFileBytes(id);
  return null;
}

/** One object URL per file while the page lives: the lead page asks again on each refresh. */
const objectUrls = new Map<string, string>();

async function objectUrlOf(file: DemoFile): Promise<string | null> {
  const made = objectUrls.get(file.id);
  if (made) return made;
  const bytes = await readFileBytes(file.id);
  if (!bytes) return null;
  const url = URL.createObjectURL(new Blob([bytes], { type: file.type }));
  objectUrls.set(file.id, url);
  return url;
}

/** The lead's files for /leads/:id, opened through object URLs of the kept bytes. */
export async function leadFiles(data: DemoData, leadId: string): Promise<LeadFile[]> {
  const files = data.files.filter((f) => f.leadId === leadId);
  return Promise.all(
    files.map(async (file) => {
      const url = await objectUrlOf(file);
      return {
        id: file.id,
        name: file.name,
        size: file.size,
        contentType: file.type,
        isImage: file.type.startsWith('image/'),
        uploadStatus: 'uploaded',
        createdAt: file.createdAt,
        downloadUrl: url ?? '#',
        thumbnailUrl: url && showable(file.type) ? url : null,
      };
    }),
  );
}

export const uploadRoutes: DemoRoute[] = [
  route('POST', '/uploads', ({ query, body }) => upload(query, body)),
  route('GET', '/uploads/:id/preview', ({ params, query }) => preview(params[0]!, query)),
  route('DELETE', '/uploads/:id', ({ params, query }) => removeFile(params[0]!, query)),
];
