// Import boundaries (issue 9), checked by `npm run lint:deps` before every `npm test`.
// dependency-cruiser parses the sources with its own parsers (no TypeScript compiler API);
// the tsconfig tells it how `.ts` imports with explicit extensions resolve.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      comment:
        'A feature is one screen or concern; another feature may change or disappear with its screen. ' +
        'What two features share moves down to client/lib (or is passed in as props by client/app).',
      severity: 'error',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/([^/]+)/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'feature-to-app',
      comment:
        'client/app assembles features (router, route table, layouts); a feature importing it would make ' +
        'the dependency go both ways. The app passes what a feature needs in props.',
      severity: 'error',
      from: { path: '^client/features/' },
      to: { path: '^client/app/' },
    },
    {
      name: 'lower-layers-to-features-or-app',
      comment:
        'client/lib, client/blocks and client/layout-engine are the layers features are built on; ' +
        'they must not depend on a screen (features) or on how screens are assembled (app).',
      severity: 'error',
      from: { path: '^client/(lib|blocks|layout-engine)/' },
      to: { path: '^client/(features|app)/' },
    },
    {
      name: 'client-to-server',
      comment:
        'The client is built by Vite for the browser; server modules (database, Node APIs) must not be ' +
        'bundled into it. What both sides need lives in schemas/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-to-client',
      comment: 'The server never runs browser code; what both sides need lives in schemas/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'schemas-stay-shared',
      comment:
        'schemas/ is the contract both sides import; importing server or client code from it would pull ' +
        'that side into the other.',
      severity: 'error',
      from: { path: '^schemas/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'care-api-alone',
      comment:
        'The care API runs alone in split mode (server/api-main.ts, server/care-app.ts), without the ' +
        'interface server (server/ui) or the login server (server/auth). What both need lives in ' +
        'server/shared/.',
      severity: 'error',
      from: { path: '^server/(care/|care-app\\.ts$)' },
      to: { path: '^server/(ui|auth)/' },
    },
    {
      name: 'care-api-alone-transitively',
      comment:
        'The same, through any chain of imports: what `npm run start:api` loads (server/api-main.ts) must ' +
        'not pull in the interface or login server through a module both use. The care API is built on ' +
        'server/base-app.ts (the gateway adds session, /auth, /ui, the client and the proxy in server/app.ts); ' +
        'what both apps read (provisioned files, layout and form validation, the version) is in server/shared/.',
      severity: 'error',
      from: { path: '^server/api-main\\.ts$' },
      to: { path: '^server/(ui|auth)/', reachable: true },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle makes module initialisation order matter (undefined imports at load time) and ' +
        'ties the modules in it together: none of them can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Tests may import anything: only the application code is checked.
    includeOnly: '^(client|server|schemas)/',
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript compiler API: Babel strips the types and acorn reads the
    // imports. A type-only import is still a dependency of the code that writes it: the Babel
    // config keeps them (what tsPreCompilationDeps does with the TypeScript parser). Imports are
    // relative paths with their extension, so no tsconfig is needed to resolve them.
    babelConfig: { fileName: 'scripts/deps/babel.config.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
