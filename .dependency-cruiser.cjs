/**
 * The dependency rule of the hexagon, checked in `npm test`:
 * - core/ imports nothing outside core/ but fp-ts (no framework, no Node built-in);
 * - an adapter imports the core and its own folder; only adapters/di (the composition root) joins adapters;
 * - the UI imports the core's rules (a context's domain/, and shared/), never a port, a use case or
 *   an adapter of the server;
 * - a context of the core (catalog, cart, identity, location, ordering...) may use another's domain
 *   and ports, never its use cases;
 * - api/ (the answers both sides of HTTP share) builds on the core's rules and zod alone.
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
    {
      name: 'ui-imports-only-core-rules',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^core/', pathNot: ['^core/[^/]+/domain/', '^core/shared/'] },
    },
    {
      name: 'contexts-share-no-use-cases',
      severity: 'error',
      from: { path: '^core/([^/]+)/' },
      to: { path: '^core/[^/]+/use-cases(/|[.]ts$)', pathNot: '^core/$1/' },
    },
    {
      // The schemas are zod; the UI takes their types only, so zod stays out of its bundle. The
      // call table (api/calls.ts) has no zod: the UI's client builds its requests from it; nor has
      // the message table (api/messages.ts).
      name: 'ui-reads-answers-as-types-only',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^api/', pathNot: ['^api/calls[.]ts$', '^api/messages[.]ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      // The message table (codes and English texts) is read by the UI at run time too: the core's
      // rules (domain/, shared/) and nothing else, no zod.
      name: 'the-message-table-stays-free-of-zod',
      severity: 'error',
      from: { path: '^api/messages[.]ts$' },
      to: { pathNot: ['^core/[^/]+/domain/', '^core/shared/'] },
    },
    {
      name: 'the-call-table-stays-free-of-zod',
      severity: 'error',
      from: { path: '^api/calls[.]ts$' },
      to: { pathNot: '^api/calls[.]ts$' },
    },
    {
      name: 'api-is-shared-by-both-sides',
      severity: 'error',
      from: { path: '^api/' },
      to: { pathNot: ['^api/', '^core/[^/]+/domain/', '^core/shared/', '^node_modules/zod/'] },
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
