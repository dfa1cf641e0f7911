/** Two worlds: Node (core, contracts, HTTP) and jsdom (UI components). SWC strips types; tsc checks them. */
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
// openid-client, its oauth4webapi and jose ship as ES modules only: SWC turns them into CommonJS like the rest.
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  rootDir: __dirname,
};

module.exports = {
  // PGlite starts in a second or two, much longer when suites start side by side on two cores.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/{core,contracts,http,payments,mail,outage}/**/*.test.ts'],
      setupFiles: ['reflect-metadata'],
    },
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/ui/**/*.test.tsx'],
      setupFiles: ['<rootDir>/tests/support/ui-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/ui-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': '<rootDir>/tests/support/asset-stub.js' },
    },
  ],
};
