/**
 * The dependency rule of the hexagon, checked in `npm test`:
 * - core/ imports nothing outside core/ but fp-ts (no framework, no Node built-in);
 * - an adapter imports the core and its own folder; only adapters/di (the composition root) joins adapters;
 * - the UI imports the core's shared rules, never an adapter of the server.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-stays-pure',
      severity: 'error',
      from: { path: '^core/' },
      to: { pathNot: ['^core/', '^node_modules/fp-ts/'] },
    },
    {
      name: 'adapters-meet-through-the-container',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/', pathNot: '^adapters/di/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'ui-imports-only-the-core',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: ['^adapters/', '^scripts/', '^bench/'] },
    },
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['ui/dist'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
};
