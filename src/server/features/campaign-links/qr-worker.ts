// Entry of the worker thread that draws campaign links' QR codes as PNG (started by qr-in-worker.ts
// through lib/worker-pool.ts; built to dist/server/qr-worker.js beside main.js). Each message is a
// link's URL, answered with the PNG's bytes.
import { parentPort } from 'node:worker_threads';
import { drawQrPng } from './qr-png';

parentPort?.on('message', (url: string) => {
  // an unexpected error is left unhandled: it ends this worker, and the pool fails the job (500)
  void drawQrPng(url).then((png) => parentPort?.postMessage(png));
});
