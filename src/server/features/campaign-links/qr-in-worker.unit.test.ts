import { describe, expect, it } from 'vitest';
import { decodePng } from '#tests/helpers/qr-decode.ts';
import { qrPngInWorker } from './qr-in-worker';
import { drawQrPng } from './qr-png';

describe('the PNG QR code on its worker thread', () => {
  it('is the same PNG the main thread would draw, and reads back to the link', async () => {
    const url = 'https://tint.example/?utm_source=van&utm_medium=offline&utm_campaign=a#VAN10';
    const [fromWorker, here] = await Promise.all([qrPngInWorker(url), drawQrPng(url)]);
    expect(Buffer.compare(fromWorker, Buffer.from(here))).toBe(0);
    expect(decodePng(fromWorker).text).toBe(url);
  });
});
