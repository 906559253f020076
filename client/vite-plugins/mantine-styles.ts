/**
 * Mantine's styles per component actually used, in the chunk that uses it, instead of the whole
 * `@mantine/core/styles.css` (≈ 30 KB brotli) on the first screen.
 *
 * Mantine 9 publishes one stylesheet per component (`@mantine/core/styles/<Name>.css`,
 * https://mantine.dev/styles/css-files-list) and each component reads its class names from
 * `<Name>.module.mjs`: the build adds the import of `styles/<Name>.css` to that module, so a
 * component's styles go wherever the bundler puts the component (the first screens' chunk or a
 * lazy screen's), and a component added tomorrow brings its own. A component's dependencies
 * (Button on UnstyledButton) are imported before it, so their styles come first, the order
 * Mantine asks for. The other Mantine packages publish one small styles.css each, added the
 * same way to their modules. The global styles (baseline, CSS variables, global classes) come
 * from `virtual:mantine-styles.css`, imported first by main.tsx.
 *
 * In development (`vite serve`) dependencies are pre-bundled without this transform: the
 * virtual module gives the whole styles there.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A stylesheet (so vite/client types it and Vite's CSS pipeline resolves its @imports). */
const VIRTUAL = 'virtual:mantine-styles.css';
/** `@mantine/<package>/esm/.../<Name>.module.mjs`: a component's (or a package's) class names. */
const CLASS_NAMES = /[\\/]node_modules[\\/]@mantine[\\/]([a-z-]+)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;

const coreStyles = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));

/** The stylesheet a class-names module needs, or undefined. */
export function stylesheetOf(id: string): string | undefined {
  const match = CLASS_NAMES.exec(id);
  if (!match) return undefined;
  const [, pkg, name] = match;
  if (pkg !== 'core') return `@mantine/${pkg}/styles.css`;
  // Every class-names module of @mantine/core 9 has its stylesheet; checked so that an upgrade
  // that renames one fails the build instead of shipping a component unstyled.
  if (!existsSync(path.join(coreStyles, `${name}.css`))) throw new Error(`mantine-styles: no @mantine/core/styles/${name}.css for ${id}`);
  return `@mantine/core/styles/${name}.css`;
}

export function mantineStyles(): Plugin {
  let build = false;
  return {
    name: 'telesuivi-mantine-styles',
    enforce: 'pre',
    configResolved(config) { build = config.command === 'build'; },
    resolveId(id) { return id === VIRTUAL ? VIRTUAL : undefined; },
    load(id) {
      if (id !== VIRTUAL) return undefined;
      // Mantine's global styles, in the order its documentation gives (styles/global-styles).
      const sheets = build ? ['baseline', 'default-css-variables', 'global'].map((name) => `@mantine/core/styles/${name}.css`) : ['@mantine/core/styles.css', '@mantine/notifications/styles.css'];
      return sheets.map((sheet) => `@import '${sheet}';`).join('\n');
    },
    transform(code, id) {
      if (!build) return undefined;
      const stylesheet = stylesheetOf(id);
      if (!stylesheet) return undefined;
      // After a leading "use client" directive, which must stay first to remain a directive.
      const directive = /^\s*(['"])use client\1;?\s*/.exec(code)?.[0] ?? '';
      return { code: `${directive}import '${stylesheet}';\n${code.slice(directive.length)}`, map: null };
    },
  };
}
