/**
 * Writes `name.br` (brotli, maximum quality) and `name.gz` (gzip, level 9) next to every
 * compressible file of the build, index.html included. The gateway serves them by
 * Accept-Encoding (@fastify/static `preCompressed`), so no byte of the client is compressed per
 * request, and the best (slowest) settings cost nothing at run time.
 *
 * Every compressible file gets both, however small: a file without them would be sent as it
 * is, and the gateway's JSON compression (@fastify/compress) is kept off static files.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats; images (png, jpg, webp), fonts (woff2) and archives are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|ico)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(files.map(async (file) => {
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  }));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'telesuivi-precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    // After every file is written, index.html and the public/ copies included.
    async closeBundle() { await precompressDir(outDir); },
  };
}
