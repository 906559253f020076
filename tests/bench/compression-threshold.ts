/**
 * The size above which the gateway compresses a JSON answer (server/plugins/compression.ts):
 * for real JSON of the platform (layouts and questionnaire definitions) cut to each size, the
 * time @fastify/compress takes to compress it (its own streams: brotli quality 4, gzip level 6)
 * against the time the bytes it saves take on a 4G link. Compressing pays once the saved
 * transfer time exceeds the compression time; the threshold is the smallest size from which it
 * does for every larger size on a typical 4G link (20 Mbit/s; 50 Mbit/s shown for context).
 *
 *   npx tsx tests/bench/compression-threshold.ts     (also part of `npm run bench`)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
/** Typical and fast 4G downlinks (bits per second). */
export const LINKS = { '4G 20 Mbit/s': 20e6, '4G 50 Mbit/s': 50e6 };
/** The link the threshold is chosen for: a typical 4G downlink. */
const TYPICAL = '4G 20 Mbit/s';
export const SIZES = [128, 256, 384, 512, 768, 1024, 1536, 2048, 4096, 8192, 16384, 65536];

function corpus(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) texts.push(JSON.stringify(JSON.parse(readFileSync(full, 'utf8'))));
    }
  };
  walk(path.join(root, 'layouts'));
  return texts.join('');
}

type Make = () => NodeJS.ReadWriteStream;
const encoders: Record<string, Make> = {
  // What @fastify/compress creates per answer (its recommended brotli options, zlib defaults).
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => createGzip(),
};

async function compressOnce(make: Make, body: Buffer): Promise<number> {
  let size = 0;
  await pipeline(Readable.from([body]), make(), async function* (source) { for await (const chunk of source) size += (chunk as Buffer).length; });
  return size;
}

export interface ThresholdRow { size: number; encoding: string; compressed: number; microseconds: number; savedMicroseconds: Record<string, number> }

export async function measureCompressionThreshold(iterations = 400): Promise<{ rows: ThresholdRow[]; threshold: number }> {
  const text = Buffer.from(corpus());
  const rows: ThresholdRow[] = [];
  for (const size of SIZES) {
    // Several cuts of the corpus per size, so one lucky repetition does not decide.
    const bodies = [0, 1, 2, 3].map((i) => text.subarray((i * 7919) % Math.max(1, text.length - size), ((i * 7919) % Math.max(1, text.length - size)) + size));
    for (const [encoding, make] of Object.entries(encoders)) {
      for (let i = 0; i < 50; i++) await compressOnce(make, bodies[i % bodies.length]!); // warm-up
      let compressed = 0;
      const medians: number[] = [];
      // Wall time (the zlib thread pool included); the lowest of three rounds' medians: the
      // machine is shared, and another process's burst is not compression time.
      for (let round = 0; round < 3; round++) {
        const times: number[] = [];
        for (let i = 0; i < iterations; i++) {
          const began = process.hrtime.bigint();
          compressed += await compressOnce(make, bodies[i % bodies.length]!);
          times.push(Number(process.hrtime.bigint() - began) / 1000);
        }
        medians.push(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!);
      }
      const microseconds = Math.min(...medians);
      const mean = compressed / iterations / 3;
      const savedMicroseconds = Object.fromEntries(Object.entries(LINKS).map(([name, bps]) => [name, ((size - mean) * 8 / bps) * 1e6]));
      rows.push({ size, encoding, compressed: Math.round(mean), microseconds, savedMicroseconds });
    }
  }
  const pays = (size: number) => rows.filter((r) => r.size === size).every((r) => r.savedMicroseconds[TYPICAL]! > r.microseconds);
  const threshold = SIZES.find((size, i) => SIZES.slice(i).every(pays)) ?? Infinity;
  return { rows, threshold };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, threshold } = await measureCompressionThreshold();
  console.log('size  enc   compressed  compress µs  ' + Object.keys(LINKS).map((l) => `saved µs (${l})`).join('  '));
  for (const r of rows) console.log(`${String(r.size).padStart(5)} ${r.encoding.padEnd(5)} ${String(r.compressed).padStart(10)} ${r.microseconds.toFixed(0).padStart(12)}  ${Object.values(r.savedMicroseconds).map((s) => s.toFixed(0).padStart(22)).join('  ')}`);
  console.log(`compression pays from ${threshold} bytes`);
}
