// HEIC photos cannot be re-encoded here (the prebuilt libvips of sharp decodes AVIF but not HEVC),
// so their metadata is blanked in place instead: the Exif and XMP items of the HEIF container
// (ISO/IEC 23008-12) are overwritten with zeros. Offsets stay valid and the picture is untouched.
import { open, type FileHandle } from 'node:fs/promises';

export class HeifStructureError extends Error {}

interface Box {
  type: string;
  /** Offset of the box's payload (after its header) and of its end, in the buffer or file. */
  start: number;
  end: number;
}

const maxMetaBytes = 4 * 1024 * 1024;

function readUint(buf: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 2) return buf.readUInt16BE(at);
  if (bytes === 4) return buf.readUInt32BE(at);
  if (bytes === 8) return Number(buf.readBigUInt64BE(at));
  throw new HeifStructureError(`field size ${bytes}`);
}

/** The boxes between start and end of buf (one level, no recursion). */
function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
  for (let at = start; at + 8 <= end;) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) [size, header] = [readUint(buf, at + 8, 8), 16];
    if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new HeifStructureError(`bad ${type} box`);
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (buf: Buffer, parent: Box, type: string) =>
  [...boxes(buf, parent.start, parent.end)].find((box) => box.type === type);

/** Ids of the items holding metadata: Exif, and 'mime' items (XMP, which can carry GPS too). */
function metadataItemIds(buf: Buffer, iinf: Box): Set<number> {
  const version = buf.readUInt8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const ids = new Set<number>();
  for (const infe of boxes(buf, first, iinf.end)) {
    const infeVersion = buf.readUInt8(infe.start);
    if (infe.type !== 'infe' || infeVersion < 2) continue;
    const idBytes = infeVersion === 2 ? 2 : 4;
    const id = readUint(buf, infe.start + 4, idBytes);
    const itemType = buf.toString('latin1', infe.start + 6 + idBytes, infe.start + 10 + idBytes);
    if (itemType === 'Exif' || itemType === 'mime') ids.add(id);
  }
  return ids;
}

/**
 * Byte ranges (absolute file offsets) of the metadata items described by a `meta` box.
 * `buf` holds the meta payload, which starts at file offset `metaOffset`.
 */
export function heifMetadataRanges(buf: Buffer, metaOffset: number, fileSize: number) {
  const meta: Box = { type: 'meta', start: 4, end: buf.length }; // a FullBox: skip version+flags
  const iinf = child(buf, meta, 'iinf');
  const iloc = child(buf, meta, 'iloc');
  if (!iinf || !iloc) return [];
  const ids = metadataItemIds(buf, iinf);
  const idat = child(buf, meta, 'idat');

  const version = buf.readUInt8(iloc.start);
  let at = iloc.start + 4;
  const sizes = buf.readUInt16BE(at);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
  const indexSize = version === 1 || version === 2 ? sizes & 15 : 0;
  at += 2;
  const idBytes = version < 2 ? 2 : 4;
  const count = readUint(buf, at, idBytes);
  at += idBytes;

  const ranges: Array<{ start: number; length: number }> = [];
  for (let i = 0; i < count; i++) {
    const id = readUint(buf, at, idBytes);
    at += idBytes;
    const method = version === 1 || version === 2 ? buf.readUInt16BE(at) & 15 : 0;
    if (version === 1 || version === 2) at += 2;
    at += 2; // data_reference_index: 0 = this file
    const base = readUint(buf, at, baseSize);
    at += baseSize;
    const extents = buf.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readUint(buf, at, offsetSize);
      const length = readUint(buf, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (!ids.has(id)) continue;
      if (method === 0) {
        const start = base + offset;
        ranges.push({ start, length: length || fileSize - start });
      } else if (method === 1 && idat) {
        const start = metaOffset + idat.start + base + offset;
        ranges.push({ start, length: length || metaOffset + idat.end - start });
      } else {
        throw new HeifStructureError(`construction method ${method}`);
      }
    }
  }
  for (const { start, length } of ranges) {
    if (start < 0 || length < 0 || start + length > fileSize) {
      throw new HeifStructureError('item outside the file');
    }
  }
  return ranges;
}

/** The payload of the top-level `meta` box, found by walking box headers (mdat is skipped). */
async function readMetaBox(file: FileHandle, fileSize: number) {
  const header = Buffer.alloc(16);
  for (let at = 0; at + 8 <= fileSize;) {
    await file.read(header, 0, 16, at);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) [size, headerSize] = [Number(header.readBigUInt64BE(8)), 16];
    if (size === 0) size = fileSize - at;
    if (size < headerSize) throw new HeifStructureError('bad box size');
    if (header.toString('latin1', 4, 8) === 'meta') {
      const length = Math.min(size, fileSize - at) - headerSize;
      if (length > maxMetaBytes) throw new HeifStructureError('meta box too large');
      const buf = Buffer.alloc(length);
      await file.read(buf, 0, length, at + headerSize);
      return { buf, offset: at + headerSize };
    }
    at += size;
  }
  throw new HeifStructureError('no meta box');
}

/** Zeroes the Exif and XMP items of the HEIF file at path, in place. Returns the bytes blanked. */
export async function blankHeifMetadata(path: string): Promise<number> {
  const file = await open(path, 'r+');
  try {
    const { size } = await file.stat();
    const meta = await readMetaBox(file, size);
    const ranges = heifMetadataRanges(meta.buf, meta.offset, size);
    let blanked = 0;
    for (const { start, length } of ranges) {
      const zeros = Buffer.alloc(Math.min(length, 64 * 1024));
      for (let done = 0; done < length; done += zeros.length) {
        const { bytesWritten } = await file.write(
          zeros,
          0,
          Math.min(zeros.length, length - done),
          start + done,
        );
        blanked += bytesWritten;
      }
    }
    return blanked;
  } catch (err) {
    // a RangeError is a box that claims more bytes than it has: a damaged or hostile file
    throw err instanceof RangeError ? new HeifStructureError(err.message) : err;
  } finally {
    await file.close();
  }
}
