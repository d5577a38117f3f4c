// PGlite has no locking: two processes on one data folder silently corrupt it.
// Every process that opens DATA_DIR holds this lock file; a second one is refused with one line.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** A zombie (killed, not yet reaped by its parent or init) still answers signal 0 but holds nothing. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false; // no /proc (not Linux) or already gone
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's name inside DATA_DIR (a copy of a data folder leaves it out). */
export const LOCK_FILE = 'animal-doctor.lock';

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function lockDataDir(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, owner, since: new Date().toISOString() }), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number };
          if (held.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let held: { pid?: number; owner?: string } = {};
      try {
        held = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof held;
      } catch {
        // Unreadable lock file: treat as stale.
      }
      if (typeof held.pid === 'number' && held.pid !== process.pid && processAlive(held.pid)) {
        throw new DataDirLockedError(
          `${dataDir} is in use by another Animal Doctor process (${held.owner ?? 'unknown'}, pid ${held.pid}); stop it first or use another DATA_DIR`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`could not take the lock on ${dataDir}`);
}
