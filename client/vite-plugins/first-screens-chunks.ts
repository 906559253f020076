/**
 * Fewer requests on a patient's first visit: left to itself, the bundler splits the code every
 * page loads into dozens of shared chunks (one per pattern of sharing between lazy routes:
 * `Box`, `Group`, `use-id`, `config`...), many of a few hundred bytes, each costing a request
 * and its headers. Two groups gather them (rolldown `output.codeSplitting.groups`):
 *
 * - `app`: everything the entry imports statically (React, the router, i18next, TanStack Query,
 *   Mantine's core, the session and API layers): every page loads all of it before anything
 *   else, so one file instead of ~20 costs nothing more.
 * - `patient`: what the patient area and its home import statically, beyond `app`: the
 *   patient frame, the home page and the layout engine that draws it, loaded right after login.
 *
 * Only static imports are followed from these roots: whatever a screen loads lazily (other
 * screens, blocks, the user menu's Menu, the editor, echarts, rjsf, the markdown editor) stays
 * in its own chunks and out of the first screens (tests/bench/client-transfer.ts checks).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

interface ModuleGraph { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/**
 * A library's index re-exporting its whole catalogue (`@mantine/core`, `@mantine/hooks`): its
 * imports say nothing of which parts a page uses (tree-shaking decides that), so it is not
 * followed. Mantine's components stay where the bundler puts them; its core (Box, the
 * provider, the styles API), which every component needs, is in `app` by name.
 */
const isBarrel = (id: string, imports: readonly string[]) => id.includes('/node_modules/') && imports.length > BARREL_IMPORTS;
const BARREL_IMPORTS = 30;
const MANTINE_CORE = /\/node_modules\/@mantine\/core\/esm\/core\//;

/** The modules reachable from `roots` by static imports (dynamic imports and barrels not followed). */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const imports = graph.getModuleInfo(id)?.importedIds ?? [];
    if (isBarrel(id, imports)) continue;
    seen.add(id);
    stack.push(...imports);
  }
  return seen;
}

export function firstScreensChunks(clientRoot: string) {
  const file = (relative: string) => {
    const full = path.join(clientRoot, relative);
    // A moved or renamed root would silently bring the dozens of requests back.
    if (!existsSync(full)) throw new Error(`first-screens-chunks: ${relative} does not exist (client/vite-plugins/first-screens-chunks.ts)`);
    return full;
  };
  const appRoots = [file('main.tsx')];
  const patientRoots = [file('app/layouts/patient-layout.tsx'), file('features/layout-screens/patient-home-page.tsx')];
  let closures: { app: Set<string>; patient: Set<string> } | undefined;
  return {
    groups: [{
      debugName: 'first-screens',
      name(id: string, ctx: ModuleGraph) {
        closures ??= { app: staticClosure(ctx, appRoots), patient: staticClosure(ctx, patientRoots) };
        if (closures.app.has(id) || MANTINE_CORE.test(id)) return 'app';
        if (closures.patient.has(id)) return 'patient';
        return null;
      },
    }],
  };
}
