// Every e-mail is written once as a list of blocks and rendered twice: a plain-text part and an
// HTML part with inline styles (mail clients drop <style> and block images), so the two never
// drift apart. Values are escaped here, at the one place HTML is made.
import { escapeHtml } from './format';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export type Block =
  | { paragraph: string }
  | { heading: string }
  | { details: (readonly [label: string, value: string])[] }
  | { steps: string[] }
  /** A link shown as a button, with its address written out for clients that hide links. */
  | { link: { label: string; url: string } };

const font = 'font-family:Arial,Helvetica,sans-serif;';
const style = {
  body: 'margin:0;padding:0;background-color:#f4f4f5;',
  card: `max-width:560px;margin:0 auto;padding:24px;background-color:#ffffff;color:#18181b;${font}font-size:16px;line-height:1.5;`,
  title: `margin:0 0 16px;font-size:22px;line-height:1.3;${font}`,
  heading: `margin:24px 0 8px;font-size:18px;${font}`,
  paragraph: 'margin:0 0 16px;',
  label: 'padding:4px 16px 4px 0;color:#52525b;vertical-align:top;white-space:nowrap;',
  value: 'padding:4px 0;font-weight:bold;vertical-align:top;',
  button:
    'display:inline-block;padding:12px 20px;border-radius:6px;background-color:#0f766e;color:#ffffff;font-weight:bold;text-decoration:none;',
  address: 'margin:8px 0 16px;font-size:13px;color:#52525b;word-break:break-all;',
};

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function blockText(block: Block): string {
  if ('paragraph' in block) return block.paragraph;
  if ('heading' in block) return block.heading.toUpperCase();
  if ('details' in block)
    return block.details.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('steps' in block) return block.steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
  return `${block.link.label}:\n${block.link.url}`;
}

function blockHtml(block: Block): string {
  if ('paragraph' in block)
    return `<p style="${style.paragraph}">${escapeHtml(block.paragraph)}</p>`;
  if ('heading' in block) return `<h2 style="${style.heading}">${escapeHtml(block.heading)}</h2>`;
  if ('details' in block) {
    const rows = block.details
      .map(
        ([label, value]) =>
          `<tr><td style="${style.label}">${escapeHtml(label)}</td><td style="${style.value}">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${rows}</table>`;
  }
  if ('steps' in block) {
    const items = block.steps.map((step) => `<li style="margin:0 0 8px;">${escapeHtml(step)}</li>`);
    return `<ol style="margin:0 0 16px;padding-left:24px;">${items.join('')}</ol>`;
  }
  const { label, url } = block.link;
  // only web addresses become links: a javascript: or data: URL would be a trap, not a link
  if (!isWebAddress(url))
    return `<p style="${style.paragraph}">${escapeHtml(`${label}: ${url}`)}</p>`;
  const href = escapeHtml(url);
  return (
    `<p style="margin:0;"><a href="${href}" style="${style.button}">${escapeHtml(label)}</a></p>` +
    `<p style="${style.address}">${href}</p>`
  );
}

export function renderEmail(subject: string, title: string, blocks: Block[]): EmailContent {
  const text = `${[title, ...blocks.map(blockText)].join('\n\n')}\n`;
  const html = [
    '<!doctype html>',
    '<html lang="en-AU">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="${style.body}">`,
    `<div style="${style.card}">`,
    `<h1 style="${style.title}">${escapeHtml(title)}</h1>`,
    ...blocks.map(blockHtml),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text, html };
}
