// HEIC photos cannot be re-encoded here (the prebuilt libvips of sharp decodes AVIF but not HEVC),
// so their metadata is blanked in place instead: the Exif and XMP items of the HEIF container
// (ISO/IEC 23008-12) are overwritten with zeros. Offsets stay valid and the picture is untouched.
// No maintained npm package does this in place (see docs/decisions/005-uploads.md), so the parse
// is ours: bounded by heifBudget and by the bytes present, and run in a worker (process-in-worker).
import { open, type FileHandle } from 'node:fs/promises';
import { boxHeader, childBoxes, Cursor, HeifStructureError, type Box } from './heif-boxes';
import { heifBudget } from './upload-budget';

export { HeifStructureError } from './heif-boxes';

interface Range {
  start: number;
  length: number;
}

/** Ids of the items holding metadata: Exif, and 'mime' items (XMP, which can carry GPS too). */
function metadataItemIds(buf: Buffer, iinf: Box): Set<number> {
  const head = new Cursor(buf, iinf.start, iinf.end);
  const version = head.uint(1, 'iinf version');
  // the stated entry count is not used: the infe boxes actually present are read
  head.skip(3 + (version === 0 ? 2 : 4), 'iinf header');
  const ids = new Set<number>();
  for (const infe of childBoxes(buf, head.at, iinf.end, heifBudget.maxItems)) {
    if (infe.type !== 'infe') continue;
    const entry = new Cursor(buf, infe.start, infe.end);
    const infeVersion = entry.uint(1, 'infe version');
    if (infeVersion < 2) continue; // versions 0 and 1 have no item type
    entry.skip(3, 'infe flags');
    const id = entry.uint(infeVersion === 2 ? 2 : 4, 'item id');
    entry.skip(2, 'item protection index');
    const itemType = entry.fourCc('item type');
    if (itemType === 'Exif' || itemType === 'mime') ids.add(id);
  }
  return ids;
}

interface Extent {
  method: number;
  dataReference: number;
  start: number;
  /** 0 means "to the end of the data the method points to". */
  length: number;
}

/** The extents of the given items in `iloc`; counts are checked against its bytes first. */
function itemExtents(buf: Buffer, iloc: Box, wanted: Set<number>): Extent[] {
  const c = new Cursor(buf, iloc.start, iloc.end);
  const version = c.uint(1, 'iloc version');
  if (version > 2) throw new HeifStructureError(`iloc version ${version}`);
  c.skip(3, 'iloc flags');
  const sizes = c.uint(2, 'iloc field sizes');
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
  const indexSize = version > 0 ? sizes & 15 : 0;
  if ([offsetSize, lengthSize, baseSize, indexSize].some((size) => ![0, 4, 8].includes(size))) {
    throw new HeifStructureError('iloc field size not 0, 4 or 8');
  }
  const idSize = version < 2 ? 2 : 4;
  const itemCount = c.uint(idSize, 'iloc item count');
  if (itemCount > heifBudget.maxItems) throw new HeifStructureError(`${itemCount} items`);
  const itemSize = idSize + (version > 0 ? 2 : 0) + 2 + baseSize + 2;
  c.need(itemCount * itemSize, 'iloc items');
  const extentSize = indexSize + offsetSize + lengthSize;

  const found: Extent[] = [];
  let extentsRead = 0;
  for (let i = 0; i < itemCount; i++) {
    const id = c.uint(idSize, 'item id');
    const method = version > 0 ? c.uint(2, 'construction method') & 15 : 0;
    const dataReference = c.uint(2, 'data reference');
    const base = c.uint(baseSize, 'base offset');
    const extentCount = c.uint(2, 'extent count');
    // zero-width fields make extents cost no bytes, so their total is capped as well
    extentsRead += extentCount;
    if (extentsRead > heifBudget.maxExtents) throw new HeifStructureError('too many extents');
    c.need(extentCount * extentSize, 'iloc extents');
    for (let e = 0; e < extentCount; e++) {
      c.skip(indexSize, 'extent index');
      const offset = c.uint(offsetSize, 'extent offset');
      const length = c.uint(lengthSize, 'extent length');
      if (wanted.has(id)) found.push({ method, dataReference, start: base + offset, length });
    }
  }
  return found;
}

/**
 * Byte ranges (absolute file offsets) of the metadata items described by a `meta` box, sorted and
 * disjoint, so blanking them writes at most the file's size. `buf` holds the meta payload, which
 * starts at file offset `metaOffset`.
 */
export function heifMetadataRanges(buf: Buffer, metaOffset: number, fileSize: number): Range[] {
  // meta is a FullBox: its children start after version and flags
  const children = childBoxes(buf, 4, buf.length, heifBudget.maxBoxesPerLevel);
  const child = (type: string) => children.find((box) => box.type === type);
  const [iinf, iloc, idat] = [child('iinf'), child('iloc'), child('idat')];
  if (!iinf || !iloc) return [];

  const ranges = itemExtents(buf, iloc, metadataItemIds(buf, iinf)).map((extent) => {
    if (extent.dataReference !== 0) throw new HeifStructureError('metadata in another file');
    // construction method 0: offsets in the file; 1: offsets in the idat box of meta
    const within =
      extent.method === 0
        ? { start: 0, end: fileSize }
        : extent.method === 1 && idat
          ? { start: metaOffset + idat.start, end: metaOffset + idat.end }
          : undefined;
    if (!within) throw new HeifStructureError(`construction method ${extent.method}`);
    const start = within.start + extent.start;
    const end = extent.length === 0 ? within.end : start + extent.length;
    if (start > end || end > within.end) throw new HeifStructureError('item outside its data');
    return { start, length: end - start };
  });

  ranges.sort((a, b) => a.start - b.start);
  ranges.forEach((range, i) => {
    const previous = ranges[i - 1];
    // no real file shares bytes between metadata items; a repeated range would be written again
    if (previous && range.start < previous.start + previous.length) {
      throw new HeifStructureError('overlapping metadata items');
    }
  });
  return ranges;
}

/** The payload of the top-level `meta` box, found by walking box headers (mdat is skipped). */
async function readMetaBox(file: FileHandle, fileSize: number) {
  const header = Buffer.alloc(16);
  let at = 0;
  for (let seen = 0; at + 8 <= fileSize; seen++) {
    if (seen === heifBudget.maxBoxesPerLevel) throw new HeifStructureError('too many boxes');
    const { bytesRead } = await file.read(header, 0, 16, at);
    // offsets relative to `at`: the box must end within the file
    const { type, headerLength, size } = boxHeader(header, 0, fileSize - at, bytesRead);
    if (type === 'meta') {
      const length = size - headerLength;
      if (length < 4) throw new HeifStructureError('meta box too small');
      if (length > heifBudget.maxMetaBytes) throw new HeifStructureError('meta box too large');
      const buf = Buffer.alloc(length);
      await file.read(buf, 0, length, at + headerLength);
      return { buf, offset: at + headerLength };
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
    const zeros = Buffer.alloc(64 * 1024);
    let blanked = 0;
    for (const { start, length } of ranges) {
      for (let done = 0; done < length; done += zeros.length) {
        const chunk = Math.min(zeros.length, length - done);
        blanked += (await file.write(zeros, 0, chunk, start + done)).bytesWritten;
      }
    }
    return blanked;
  } catch (err) {
    // every read is checked first; should one still run past its buffer, the file is as damaged
    throw err instanceof RangeError ? new HeifStructureError(err.message) : err;
  } finally {
    await file.close();
  }
}
