// `npm run build:server`: the server's entry points (the arguments) bundled for Node 20 into
// dist/server. Packages stay in node_modules (native code, WASM and data files load from beside
// their own modules), except the ones listed in `inlined`: those are barrels of hundreds of small
// modules, which Node would load whole at every start (date-fns alone cost ~75 ms of start-up);
// bundled, only the functions the server uses remain.
import { build } from 'esbuild';

const inlined = new Set(['date-fns', '@date-fns/tz']);

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
  ],
});
