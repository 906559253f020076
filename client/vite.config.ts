/**
 * The client build: `client/` is the root, the output goes to `dist/client` (served by the
 * gateway, CLIENT_DIST). In development (`npm run dev`) Vite serves the client with hot reload
 * and proxies the gateway's paths to it.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreensChunks } from './vite-plugins/first-screens-chunks.ts';
import { mantineStyles } from './vite-plugins/mantine-styles.ts';
import { precompress } from './vite-plugins/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [mantineStyles(), react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Content-hashed files: the gateway sends them immutable with only nosniff and CORP of its
    // security headers (server/plugins/security.ts HASHED_ASSETS).
    assetsDir: 'assets',
    rolldownOptions: { output: { codeSplitting: firstScreensChunks(root) } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    // The Host header is kept (no changeOrigin): the gateway's same-origin checks see the page's origin.
    proxy: Object.fromEntries(['/api', '/auth', '/ui'].map((p) => [p, { target: gateway, changeOrigin: false }])),
  },
});
