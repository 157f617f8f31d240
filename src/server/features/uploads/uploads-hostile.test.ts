import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { uploadMessages } from '#shared/uploads/uploads.contract.ts';
import { checkPixelCount, TooManyPixelsError } from './clean-image';
import {
  bilevelPng,
  heicWithExtentFlood,
  heicWithItemCountBeyondItsBytes,
  heicWithMetaPastTheEnd,
  heicWithRepeatedWholeFileExtents,
  heifOfEmptyBoxes,
} from './hostile-files';
import {
  expectNothingStored,
  filePart,
  postUpload,
  useUploadApp,
} from '#tests/helpers/upload-kit.ts';

// Issue 16: files built to make the server's parsers loop, allocate or write without bound. Each
// must be refused (or processed) with work bounded by its own size, and leave nothing behind.
describe('POST /api/uploads with hostile files', () => {
  let t: TestApp;
  let sessionId: string;
  useUploadApp((app) => ({ t, sessionId } = app), { lead: true });

  const expectRefusedAsUnreadable = async (body: Buffer) => {
    const res = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(body, 'IMG_1.HEIC', 'image/heic')]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: 'UNREADABLE_FILE', message: uploadMessages.unreadable },
    });
  };

  it('refuses a HEIC whose counts are out of range: items beyond its bytes, endless boxes', async () => {
    await expectRefusedAsUnreadable(heicWithItemCountBeyondItsBytes());
    await expectRefusedAsUnreadable(heifOfEmptyBoxes(100_000));
  });

  it('refuses a HEIC whose extents are out of range (65 535 per item, in no bytes)', async () => {
    // 2 000 items: 131 million extents before the fix, each a turn of a loop on the event loop
    await expectRefusedAsUnreadable(heicWithExtentFlood(2000));
    // the same pointing at the Exif item, so that each extent was a range kept in memory
    await expectRefusedAsUnreadable(heicWithExtentFlood(2, true));
  });

  it('refuses a HEIC whose sizes are out of range: repeated whole-file items, a box past the end', async () => {
    // 1 000 copies of a 2 KB file to blank: 2 MB written for it before the fix
    await expectRefusedAsUnreadable(heicWithRepeatedWholeFileExtents(1000));
    await expectRefusedAsUnreadable(heicWithMetaPastTheEnd());
  });

  it('refuses a picture over 50 megapixels before decoding it, with a clear message (413)', async () => {
    const huge = bilevelPng(16_000, 16_000); // 256 megapixels in about 31 KB
    expect(huge.length).toBeLessThan(40_000);
    const res = await expectNothingStored(t, () =>
      postUpload(t, sessionId, [filePart(huge, 'window.png', 'image/png')]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'IMAGE_TOO_LARGE',
        message: 'This photo is too large (over 50 megapixels). Please upload a smaller photo.',
      },
    });
  });
});

describe('the pixel limit', () => {
  it('lets exactly 50 megapixels through and refuses one row more, from the header alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tintbook-pixels-'));
    try {
      const [atLimit, overLimit] = [join(dir, 'at.png'), join(dir, 'over.png')];
      await writeFile(atLimit, bilevelPng(10_000, 5_000));
      await writeFile(overLimit, bilevelPng(10_000, 5_001));
      await expect(checkPixelCount(atLimit)).resolves.toBeUndefined();
      await expect(checkPixelCount(overLimit)).rejects.toBeInstanceOf(TooManyPixelsError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
