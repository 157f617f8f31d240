import { embedMessageTypes, embedParams, type EmbedBooked } from '#shared/embed/embed-messages.ts';

// /embed.js (issue 30): the booking flow on the business's own website, in a frame.
//   <script async src="https://BOOKING-ADDRESS/embed.js"></script>
//   <div data-tintbook-booking></div>                 the flow inline, as tall as its content
//   <button data-tintbook-popup>Book now</button>     the flow in a modal dialog
// Built on its own (scripts/vite/embed-script.ts) into a small classic script: nothing here runs
// or changes the page's layout until an element asks for it, and a second copy does nothing.

type HostWindow = Window & { tintbookEmbed?: true; dataLayer?: unknown[] };
const host = window as HostWindow;

if (!host.tintbookEmbed) {
  host.tintbookEmbed = true;
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/embed.js"]');
  const app = new URL(script?.src ?? '/', location.href).origin;
  const frames: HTMLIFrameElement[] = [];
  let dialog: HTMLDialogElement | undefined;
  let opener: HTMLElement | null = null;
  let overflow = '';

  const newFrame = (height: string): HTMLIFrameElement => {
    const src = new URL('/', app);
    src.searchParams.set(embedParams.host, location.href.split('#')[0]!.slice(0, 2000));
    if (document.referrer) src.searchParams.set(embedParams.referrer, document.referrer);
    const frame = document.createElement('iframe');
    frame.src = src.href;
    frame.title = 'Book a window tinting consultation';
    frame.style.cssText = `display:block;width:100%;height:${height};border:0`;
    frames.push(frame);
    return frame;
  };

  const mountInline = () => {
    document.querySelectorAll<HTMLElement>('[data-tintbook-booking]').forEach((slot) => {
      if (slot.dataset.tintbookReady) return;
      slot.dataset.tintbookReady = '1';
      slot.append(newFrame('40rem'));
    });
  };

  // The dialog's look, including phones (the whole screen) and the backdrop: a constructed sheet,
  // which a host page's CSP without 'unsafe-inline' still allows.
  const css = `.tintbook-dialog{box-sizing:border-box;width:min(44rem,calc(100vw - 2rem));max-width:none;max-height:calc(100dvh - 2rem);padding:0;border:0;border-radius:12px;overflow:auto;background:#fff}
.tintbook-dialog::backdrop{background:rgb(2 6 23/.6)}
.tintbook-close{position:sticky;top:0;float:right;z-index:1;margin:.5rem;min-width:44px;min-height:44px;border:2px solid #0f172a;border-radius:8px;background:#fff;color:#0f172a;font:600 1rem system-ui,sans-serif;cursor:pointer}
@media (max-width:640px){.tintbook-dialog{width:100vw;height:100dvh;max-height:100dvh;margin:0;border-radius:0}}`;

  const newDialog = (): HTMLDialogElement => {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } catch {
      // an older browser: the dialog keeps the browser's own look
    }
    const made = document.createElement('dialog');
    made.className = 'tintbook-dialog';
    made.setAttribute('aria-label', 'Book a consultation');
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'tintbook-close';
    close.textContent = 'Close';
    close.onclick = () => made.close();
    made.append(close, newFrame('80dvh'));
    made.addEventListener('close', () => {
      document.documentElement.style.overflow = overflow;
      opener?.focus();
    });
    document.body.append(made);
    return made;
  };

  const openPopup = (from: HTMLElement) => {
    dialog ??= newDialog();
    if (dialog.open) return;
    opener = from;
    overflow = document.documentElement.style.overflow;
    // the page behind stays where it is while the dialog is open
    document.documentElement.style.overflow = 'hidden';
    dialog.showModal();
  };

  document.addEventListener('click', (event) => {
    const from = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tintbook-popup]');
    if (!from) return;
    event.preventDefault();
    openPopup(from);
  });

  addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== app) return;
    const frame = frames.find((f) => f.contentWindow === event.source);
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!frame || !data) return;
    if (data.type === embedMessageTypes.height && typeof data.height === 'number') {
      frame.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === embedMessageTypes.step && !frame.closest('dialog')) {
      if (frame.getBoundingClientRect().top < 0) frame.scrollIntoView();
    } else if (data.type === embedMessageTypes.close) {
      // focus inside the frame: the browser gives Escape to the frame, not to this dialog
      if (dialog?.contains(frame)) dialog.close();
    } else if (data.type === embedMessageTypes.booked) {
      const { bookingId, value, currency } = data as EmbedBooked;
      host.dataLayer?.push({ event: embedMessageTypes.booked, bookingId, value, currency });
    }
  });

  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', mountInline);
  else mountInline();
}
