#!/usr/bin/env node
// `npm run dev`: the gateway with `tsx watch` on port 3000 (reloads on server changes) and the
// Vite dev server with hot reload on port 5173, proxying /api, /auth and /ui to the gateway.
// Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const gatewayPort = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [];

function run(name, command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} stopped (${signal ?? code})`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('gateway', 'npx', ['tsx', 'watch', '--clear-screen=false', '--exclude', './client/**', 'server/main.ts'], {
  PORT: gatewayPort,
  // Addresses the gateway builds (redirects, same-origin checks) are those of the Vite server.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
});
run('vite', 'npx', ['vite', '--config', 'client/vite.config.ts'], {
  VITE_PORT: vitePort,
  GATEWAY_URL: `http://localhost:${gatewayPort}`,
});
