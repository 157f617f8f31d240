import QRCode from 'qrcode';

// The QR codes of campaign links (issue 30). The PNG is drawn on a worker thread (qr-worker.ts):
// encoding a print-size image is a few milliseconds of CPU the requests' event loop need not wait
// out; the SVG is text, drawn where it is asked for.

/** The smallest PNG width for print: about 87 mm at 300 dpi. */
export const minPngWidth = 1024;
// ISO/IEC 18004: 4 modules of quiet zone; M recovers about 15% (a scuffed sticker, a fold)
export const qrOptions = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The PNG: whole pixels per module (crisp edges when printed), at least minPngWidth wide. */
export async function drawQrPng(url: string): Promise<Uint8Array> {
  const modules = QRCode.create(url, qrOptions).modules.size + 2 * qrOptions.margin;
  const scale = Math.ceil(minPngWidth / modules);
  return QRCode.toBuffer(url, { ...qrOptions, type: 'png', scale });
}
