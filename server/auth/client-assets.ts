/**
 * What the login page asks the browser to fetch while the person types (issue 18, a patient on a
 * mobile network): the built client's entry, its preloaded modules and styles (read from
 * index.html, whose names change with every build), and the `patient` chunk the patient home
 * needs right after login (client/vite-plugins/first-screens-chunks.ts). `<link rel="prefetch">`
 * is fetched at low priority into the HTTP cache, so the login page itself is never slowed; the
 * files are immutable (hashed names), so the home then takes them from the cache.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The `patient` group's files: `patient-` and the 8-character hash, nothing more (not `patient-file-…`). */
const FIRST_SCREEN_CHUNK = /^patient-[\w-]{8}\.(js|css)$/;

export function firstScreenAssets(clientDist: string): string[] {
  const index = path.join(clientDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  const fromIndex = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const assetsDir = path.join(clientDist, 'assets');
  const chunks = existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => FIRST_SCREEN_CHUNK.test(name)).map((name) => `/assets/${name}`) : [];
  return [...new Set([...fromIndex, ...chunks])];
}
