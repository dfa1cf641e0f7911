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
const common = { transform: { '^.+\\.(t|j)sx?$': swc }, rootDir: __dirname };

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/{core,contracts,http}/**/*.test.ts'],
      setupFiles: ['reflect-metadata'],
    },
    {
      ...common,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/ui/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/ui-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': '<rootDir>/tests/support/asset-stub.js' },
    },
  ],
};
