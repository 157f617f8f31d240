// The demo build's side of lib/demo-seam.ts (ADR 026): every api call answered in the browser.
export { demoRequest } from './demo-api';
