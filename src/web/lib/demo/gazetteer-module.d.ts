// scripts/vite/demo-build.ts: the offline gazetteer as [name, state, postcode, lat, lng] rows.
declare module 'virtual:tintbook-gazetteer' {
  const rows: [string, string, string, number, number][];
  export default rows;
}
