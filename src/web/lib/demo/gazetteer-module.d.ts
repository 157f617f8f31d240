// scripts/vite/demo-build.ts: the offline gazetteer as [name, state, postcode, lat, lng] rows.
declare module 'virtual:tintbook-gazetteer' {
  const rows: [string, string, string, number, number][];
  export default rows;
}

// scripts/vite/demo-build.ts: Victoria's public holidays by year, as [MM-DD, name] pairs.
declare module 'virtual:tintbook-vic-holidays' {
  const table: Record<number, [string, string][]>;
  export default table;
}
