/**
 * The e2e tests run against the built client that the gateway serves. It is built when
 * dist/client is missing or older than a file under client/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
export const CLIENT_DIST = path.join(root, 'dist/client');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureClientBuilt(): void {
  const index = path.join(CLIENT_DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(path.join(root, 'client'))) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], {
    // Vitest sets NODE_ENV=test, which would give React's development build.
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
}
