/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it.
 *
 * The lock is a PID file checked for liveness (@rushstack/node-core-library's LockFile): the
 * file names the holder's process id and start time. A holder that died (kill -9, power cut)
 * is seen as gone at once, because no process with that id and start time exists any more, so
 * a restart is never refused for a dead holder. A holder that is alive keeps the lock however
 * long it is paused or busy: nothing expires with time (a lock refreshed by a timer, like
 * proper-lockfile's, is taken over when its holder stops for longer than the staleness delay,
 * and two processes then write the same database).
 */
import path from 'node:path';
import { LockFile } from '@rushstack/node-core-library';

const RESOURCE = 'telesuivi';

export class DataDirectoryLockedError extends Error {
  readonly dataDir: string;

  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is already in use by another process of this platform ` +
      `(lock: ${LockFile.getLockFilePath(path.resolve(dataDir), RESOURCE)}). Stop that process, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirectoryLockedError';
    this.dataDir = dataDir;
  }
}

export async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lock = LockFile.tryAcquire(path.resolve(dataDir), RESOURCE);
  if (!lock) throw new DataDirectoryLockedError(dataDir);
  return async () => {
    if (!lock.isReleased) lock.release();
  };
}
