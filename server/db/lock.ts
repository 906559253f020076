/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it.
 * proper-lockfile keeps a lock that goes stale if its holder dies without releasing it.
 */
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirectoryLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is already in use by another process of this platform ` +
      `(lock: ${path.join(dataDir, 'telesuivi.lock')}). Stop that process, or set DATA_DIR to another directory. ` +
      'If no other process runs, the lock is released within 10 seconds.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'telesuivi.lock'),
      stale: 10_000,
      update: 3_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirectoryLockedError(dataDir);
    throw error;
  }
}
