// `npm run build:server`: the server's entry points (the arguments) bundled for Node 20 into
// dist/server. Packages stay in node_modules (native code, WASM and data files load from beside
// their own modules), except the ones listed in `inlined`: those are barrels of hundreds of small
// modules, which Node would load whole at every start (date-fns alone cost ~75 ms of start-up);
// bundled, only the functions the server uses remain. date-holidays is bundled with Australia's
// holidays only: the server asks it for Victoria's alone (src/shared/booking/closed-days.ts), and
// its table of every country's cost about 0.3 s of every start (806 KB of JavaScript to parse).
import { build } from 'esbuild';
import { data as holidayData } from 'date-holidays/data';

const inlined = new Set(['date-fns', '@date-fns/tz', 'date-holidays']);
const holidayCountries = ['AU'];

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

await build({
  entryPoints: process.argv.slice(2),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outdir: 'dist/server',
  entryNames: '[name]',
  logLevel: 'info',
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        // bare specifiers only: ./relative and #imports (package.json "imports") are our code
        builder.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
          inlined.has(packageName(path)) ? undefined : { path, external: true },
        );
      },
    },
    {
      name: 'australian-holidays-only',
      setup(builder) {
        builder.onLoad({ filter: /date-holidays[\\/]src[\\/]data\.js$/ }, () => {
          const holidays = Object.fromEntries(
            holidayCountries.map((country) => [country, holidayData.holidays[country]]),
          );
          return {
            contents: `export const data = ${JSON.stringify({ ...holidayData, holidays })};`,
          };
        });
      },
    },
  ],
});
