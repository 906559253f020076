// How dependency-cruiser reads TypeScript (see .dependency-cruiser.cjs). TypeScript 7 has no
// JavaScript compiler API, so Babel strips the types; acorn then reads the imports.
//
// `import type { X } from '…'` is still a dependency of the module that writes it (a feature
// typed by another feature's types is tied to it): the first plugin turns type-only imports and
// re-exports into plain ones before the TypeScript preset runs, and `onlyRemoveTypeImports`
// keeps imports whose bindings are used only as types.
function keepTypeImports() {
  const asValue = (node) => {
    if (node.importKind === 'type') node.importKind = 'value';
    if (node.exportKind === 'type') node.exportKind = 'value';
    for (const specifier of node.specifiers ?? []) {
      if (specifier.importKind === 'type') specifier.importKind = 'value';
      if (specifier.exportKind === 'type') specifier.exportKind = 'value';
    }
  };
  return {
    name: 'keep-type-imports',
    // On entering the program: the TypeScript plugin removes type imports there too, after this.
    visitor: { Program: { enter: (path) => path.node.body.forEach(asValue) } },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  // JSX becomes calls, so that acorn reads every file strictly (without a TypeScript API,
  // dependency-cruiser cannot read the tsconfig's `jsx` to parse JSX, and its fallback parser
  // guesses around what it cannot read).
  plugins: [keepTypeImports, ['@babel/plugin-transform-react-jsx', { runtime: 'automatic' }]],
  presets: [
    // Every file is read as TSX: dependency-cruiser expands this config once, for its own file
    // name, so per-extension overrides would never apply.
    ['@babel/preset-typescript', { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true, allowDeclareFields: true }],
  ],
};
