// Reading ISO-BMFF boxes (the HEIF container) from untrusted bytes. Every size, count and offset
// the file states is checked against the bytes actually present before it is used, so the work of
// a parse is bounded by the size of the file, never by the numbers written in it.

export class HeifStructureError extends Error {}

export interface Box {
  type: string;
  /** Offset of the box's payload (after its header) and of its end, in the buffer or file. */
  start: number;
  end: number;
}

/** Sequential reads inside [at, end) of a buffer; a read past `end` throws instead of wrapping. */
export class Cursor {
  constructor(
    private readonly buf: Buffer,
    public at: number,
    private readonly end: number,
  ) {}

  /** Checks that `bytes` more bytes are present: used before every loop over a stated count. */
  need(bytes: number, what: string) {
    if (!(bytes <= this.end - this.at)) throw new HeifStructureError(`${what} past its box`);
  }

  skip(bytes: number, what: string) {
    this.need(bytes, what);
    this.at += bytes;
  }

  /** An unsigned big-endian field of 0, 1, 2, 4 or 8 bytes (0 bytes reads as 0, per ISO-BMFF). */
  uint(bytes: number, what: string): number {
    const at = this.at;
    this.skip(bytes, what);
    if (bytes === 0) return 0;
    if (bytes === 1) return this.buf.readUInt8(at);
    if (bytes === 2) return this.buf.readUInt16BE(at);
    if (bytes === 4) return this.buf.readUInt32BE(at);
    if (bytes === 8) {
      const value = this.buf.readBigUInt64BE(at);
      // larger than any file: refused here so the arithmetic after it stays exact
      if (value > BigInt(Number.MAX_SAFE_INTEGER))
        throw new HeifStructureError(`${what} too large`);
      return Number(value);
    }
    throw new HeifStructureError(`${what} of ${bytes} bytes`);
  }

  fourCc(what: string): string {
    const at = this.at;
    this.skip(4, what);
    return this.buf.toString('latin1', at, at + 4);
  }
}

/**
 * The header of the box at `at`: its type, the header's length and the box's size, checked to fit
 * within `end` (the end of its parent, or of the file). `buf` needs only the header's bytes.
 */
export function boxHeader(buf: Buffer, at: number, end: number, bufEnd = end) {
  const cursor = new Cursor(buf, at, bufEnd);
  let size = cursor.uint(4, 'box size');
  const type = cursor.fourCc('box type');
  if (size === 1) size = cursor.uint(8, `${type} box size`);
  else if (size === 0) size = end - at; // "to the end of the parent"
  const headerLength = cursor.at - at;
  if (size < headerLength || size > end - at) {
    throw new HeifStructureError(`${type} box of ${size} bytes at ${at} does not fit`);
  }
  return { type, headerLength, size };
}

/** The boxes side by side in [start, end) of buf, at most `maxCount` of them. */
export function childBoxes(buf: Buffer, start: number, end: number, maxCount: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    if (found.length === maxCount) throw new HeifStructureError(`over ${maxCount} boxes`);
    const { type, headerLength, size } = boxHeader(buf, at, end);
    found.push({ type, start: at + headerLength, end: at + size });
    at += size;
  }
  return found;
}
