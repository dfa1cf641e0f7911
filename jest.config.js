/**
 * Two worlds: Node (core, contracts, HTTP) and jsdom (UI components), and the floods of `npm run test:e2e`
 * (Node). SWC strips types; tsc checks them.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// openid-client, its oauth4webapi and jose ship as ES modules only, as does light-my-request's cookie: SWC turns them into CommonJS like the rest.
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|light-my-request|cookie)/)'],
  rootDir: __dirname,
};
const inNode = (displayName, folders) => ({
  ...common,
  displayName,
  testEnvironment: 'node',
  testMatch: folders.map((folder) => `<rootDir>/tests/${folder}/**/*.test.ts`),
  setupFiles: ['reflect-metadata'],
  // The server renders the UI's pages (ui/src/server): their style sheets are the browser's.
  moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/asset-stub.js' },
});

module.exports = {
  // Jest's default is one worker fewer than the cores: on a 2-core machine, everything in band on one.
  maxWorkers: 2,
  // One migrated PGlite folder, of which each test's database is a copy (tests/support/pglite-template.ts).
  globalSetup: '<rootDir>/tests/support/pglite-template.ts',
  globalTeardown: '<rootDir>/tests/support/pglite-template-teardown.ts',
  // PGlite starts in a second or two, much longer when suites start side by side on two cores.
  testTimeout: 30_000,
  projects: [
    inNode('node', ['core', 'contracts', 'http', 'payments', 'mail', 'outage']),
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/ui/**/*.test.tsx'],
      setupFiles: ['<rootDir>/tests/support/ui-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/ui-setup.ts'],
      // pdf.js ships as ES modules with a worker: jsdom has no canvas for it anyway, so the reader gets a stand-in; uPlot too.
      moduleNameMapper: {
        '\\.(css|svg|png|jpg|webp)$': '<rootDir>/tests/support/asset-stub.js',
        '^pdfjs-dist(/.*)?$': '<rootDir>/tests/support/pdfjs-stub.js',
        '^uplot$': '<rootDir>/tests/support/uplot-stub.js',
      },
    },
    // The floods (thousands of requests, a hundred costly hashes at once): `npm run test:e2e` sets STORE_BURSTS_TEST.
    ...(process.env.STORE_BURSTS_TEST === '1' ? [inNode('bursts', ['bursts'])] : []),
  ],
};
