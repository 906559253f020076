/**
 * Virus scanning of uploads by a ClamAV daemon (clamd), when one is configured (CLAMAV_SOCKET, or
 * CLAMD_HOST and CLAMD_PORT: server/config.ts); off by default. The upload path
 * (server/care/files/repository.ts) stores the bytes as they arrive, then streams them back from
 * the storage to the daemon (INSTREAM) before the file record points at them: nothing is held
 * whole in memory, and a file no one may attach yet is all an attack could reach. Infected: the
 * bytes are removed and the upload refused (file_infected). The daemon unreachable, too slow or
 * answering an error: refused as well (virus_scanner_unavailable) — failing open would let
 * unscanned files through exactly when the scanner is down.
 *
 * The clamd protocol is spoken by `clamscan` (the maintained client, socket or TCP, INSTREAM with
 * its chunk framing); only its streaming scan is used, never a local binary.
 */
import type { Readable } from 'node:stream';
import type { Storage } from './types.ts';
import NodeClam from 'clamscan';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export type VirusScanConfig = ({ socket: string } | { host: string; port: number }) & { timeoutMs: number };

export type ScanResult = { infected: false } | { infected: true; viruses: string[] };

export interface VirusScanner {
  /** Reads the whole stream to the daemon; rejects when the scan could not be made (unreachable, timeout, clamd error). */
  scan(stream: Readable): Promise<ScanResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when no scanner is configured: uploads are not scanned. */
    virusScanner: VirusScanner | undefined;
  }
}

export function clamdScanner(config: VirusScanConfig): VirusScanner {
  let ready: Promise<NodeClam> | undefined;
  const client = () => (ready ??= new NodeClam().init({
    preference: 'clamdscan',
    clamscan: { active: false },
    clamdscan: {
      ...('socket' in config ? { socket: config.socket } : { host: config.host, port: config.port }),
      timeout: config.timeoutMs,
      // Never a local binary, and no connection at start: a daemon down at start is said by each upload.
      localFallback: false, bypassTest: true, active: true,
    },
  }).catch((error: unknown) => { ready = undefined; throw error; }));
  return {
    async scan(stream) {
      const result = await (await client()).scanStream(stream);
      // clamscan answers null when it could not read the daemon's verdict: not a clean file.
      if (result.isInfected === null) throw new Error('clamd gave no verdict');
      return result.isInfected ? { infected: true, viruses: result.viruses } : { infected: false };
    },
  };
}

/**
 * Scans bytes already stored under `key`, read back from the storage: an upload is streamed to the
 * storage first (never held whole), then scanned before anything points at it.
 */
export async function scanStored(scanner: VirusScanner, storage: Storage, key: string): Promise<ScanResult> {
  const stored = await storage.get(key);
  if (!stored) throw new Error('the bytes just stored are not there');
  return scanner.scan(stored);
}

export function createVirusScanner(config: VirusScanConfig | undefined): VirusScanner | undefined {
  return config ? clamdScanner(config) : undefined;
}

export default fp(async function virusScan(app: FastifyInstance, opts: { config: VirusScanConfig | undefined }) {
  app.decorate('virusScanner', createVirusScanner(opts.config));
}, { name: 'virus-scan' });
