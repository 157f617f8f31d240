// Hand-made hostile uploads for the tests and bench/upload-memory.ts: HEIF containers whose counts,
// extents and sizes lie (issue 16), and a PNG whose few KB describe 256 megapixels.
import { crc32, deflateSync } from 'node:zlib';

const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const text = (s: string) => Buffer.from(s, 'latin1');

function box(type: string, ...payload: Buffer[]) {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), text(type), body]);
}
/** A FullBox: version, then 3 bytes of flags. */
const fullBox = (type: string, version: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...payload);

const ftyp = box('ftyp', text('heic'), u32(0), text('mif1heic'));
/** Item 1 is an Exif item: its extents are what the server blanks. */
const iinf = fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), text('Exif\0')));

/** A HEIC of ftyp, meta (iinf + the given iloc) and an mdat of `mdatBytes`. */
function heic(iloc: Buffer, mdatBytes = 64) {
  return Buffer.concat([
    ftyp,
    fullBox('meta', 0, iinf, iloc),
    box('mdat', Buffer.alloc(mdatBytes)),
  ]);
}

/** iloc version 1 with all field sizes 0: every extent is "offset 0, to the end", in 0 bytes. */
function zeroWidthIloc(items: Array<{ id: number; extents: number }>) {
  const entries = items.map(({ id, extents }) =>
    Buffer.concat([u16(id), u16(0), u16(0), u16(extents)]),
  );
  return fullBox('iloc', 1, u16(0), u16(items.length), ...entries);
}

/** Counts: an iloc claiming 4 294 967 295 items (version 2, 4-byte count) and holding one. */
export const heicWithItemCountBeyondItsBytes = () =>
  heic(fullBox('iloc', 2, u16(0), u32(0xffffffff), u32(1), u16(0), u16(0), u16(1)));

/**
 * Extents: items of 65 535 zero-width extents each (8 bytes per item). Before the fix the loop ran
 * items × 65 535 times: with `exif` the extents pointed at the Exif item and each became a range in
 * memory (393 KB of these exhausted the heap); without, the loop alone held the event loop.
 */
export const heicWithExtentFlood = (items: number, exif = false) =>
  heic(
    zeroWidthIloc(
      Array.from({ length: items }, (_, i) => ({ id: exif ? 1 : i + 2, extents: 0xffff })),
    ),
  );

/** Sizes: the Exif item is the whole file, again and again: each copy was blanked again. */
export const heicWithRepeatedWholeFileExtents = (extents: number) =>
  heic(zeroWidthIloc([{ id: 1, extents }]), 2048);

/** Sizes: a meta box whose 64-bit size claims far more than the file holds. */
export function heicWithMetaPastTheEnd() {
  const file = heic(zeroWidthIloc([{ id: 1, extents: 1 }]));
  const metaAt = ftyp.length;
  const meta = file.subarray(metaAt);
  const claimed = Buffer.concat([u32(1), text('meta'), Buffer.alloc(8), meta.subarray(8)]);
  claimed.writeBigUInt64BE(2n ** 40n, 8); // 1 TB
  return Buffer.concat([ftyp, claimed]);
}

/** Counts: a file of nothing but empty boxes, which the top-level walk would read one by one. */
export const heifOfEmptyBoxes = (count: number) =>
  Buffer.concat([ftyp, ...Array.from({ length: count }, () => box('free'))]);

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([text(type), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
};

/**
 * A valid black 1-bit greyscale PNG of width × height: 16 000 × 16 000 (256 megapixels) deflates
 * to about 31 KB.
 */
export function bilevelPng(width: number, height: number) {
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([1, 0, 0, 0, 0])]);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
