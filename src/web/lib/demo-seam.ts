// The one data-access seam of the static demo (ADR 026). In every build but the demo this module
// answers nothing, so api-client.ts goes to the network; `vite build --mode demo` puts
// lib/demo/demo-seam.ts in its place (vite.config.ts), whose demoRequest answers from this
// browser's storage. A module swap rather than a dynamic import behind a flag: the production
// bundle then holds neither the demo's code nor the loader a dynamic import brings.
export const demoRequest:
  ((path: string, method: string, body: unknown) => Promise<unknown>) | null = null;
