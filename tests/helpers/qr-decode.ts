import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';

// Reading QR codes back in tests (issue 30): a decoding library, not the one that drew them.

export interface Decoded {
  text: string | null;
  width: number;
  height: number;
  /** RGBA, row by row */
  pixels: Uint8ClampedArray;
}

function decode(pixels: Uint8ClampedArray, width: number, height: number): Decoded {
  return { text: jsQR(pixels, width, height)?.data ?? null, width, height, pixels };
}

export function decodePng(file: Buffer): Decoded {
  const png = PNG.sync.read(file);
  return decode(new Uint8ClampedArray(png.data), png.width, png.height);
}

/** Rasterised as a printer would (at 10× its viewBox size), then decoded. */
export async function decodeSvg(svg: string): Promise<Decoded> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 720 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decode(new Uint8ClampedArray(data), info.width, info.height);
}

/** Whether every pixel of the `band` px wide frame around the image is light. */
export function hasLightBorder({ pixels, width, height }: Decoded, band: number): boolean {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inBand = x < band || y < band || x >= width - band || y >= height - band;
      const i = (y * width + x) * 4;
      if (inBand && (pixels[i] ?? 0) < 128) return false;
    }
  }
  return true;
}

/** Whether the pixel at (x, y) is dark. */
export function isDark({ pixels, width }: Decoded, x: number, y: number): boolean {
  return (pixels[(y * width + x) * 4] ?? 255) < 128;
}
