import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadName, sanitiseFileName } from './file-name';

describe('file names', () => {
  it('keeps only a safe last segment of what the browser sent', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('a\u0000b\u202Ec.jpg ')).toBe('abc.jpg');
    expect(sanitiseFileName('...')).toBe('file');
    expect(sanitiseFileName(undefined)).toBe('file');
    expect(Array.from(sanitiseFileName(`${'😀'.repeat(300)}.heic`))).toHaveLength(255);
  });

  it('saves downloads with the extension of the real type', () => {
    expect(downloadName('IMG_1.JPEG', 'image/jpeg')).toBe('IMG_1.JPEG');
    expect(downloadName('page.html', 'application/pdf')).toBe('page.pdf');
    expect(downloadName('scan', 'image/png')).toBe('scan.png');
    expect(downloadName('photo.heif', 'image/heic')).toBe('photo.heif');
  });

  it('quotes names per RFC 6266: ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('a "b" \\ c.pdf')).toBe(
      `attachment; filename="a _b_ _ c.pdf"; filename*=UTF-8''a%20%22b%22%20%5C%20c.pdf`,
    );
    expect(attachmentDisposition("it's (1)*.jpg")).toBe(
      `attachment; filename="it's (1)*.jpg"; filename*=UTF-8''it%27s%20%281%29%2A.jpg`,
    );
  });
});
