import fs from 'node:fs';
import path from 'node:path';

/** The file that says which process has the embedded database's folder. */
export const LOCK_FILE_NAME = 'ecoforma.lock';

/** Another live process has the data folder: this one must open nothing. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données « ${dataDir} » est déjà utilisé par le processus ${pid}. ` +
        'Deux processus sur la même base embarquée (PGlite) la corrompraient : arrêtez l’autre processus, ' +
        'choisissez un autre DATA_DIR, ou passez à PostgreSQL (DATABASE_URL) pour plusieurs processus.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process, before anything in it is opened: PGlite is one process's
 * database, and two processes writing it lose writes and can leave it unable to start. A lock file
 * holds the owner's pid, created exclusively; a lock left by a process that has ended (a kill -9, a
 * crash) is taken over, and so is one naming this very pid (a container restarts as pid 1).
 * Released when the process exits. Throws DataDirInUseError when a live process holds it.
 */
export function lockDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      process.once('exit', () => releaseDataDir(lockPath));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readOrEmpty(lockPath), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
    // Stale (or unreadable, or ours from a previous life): removed, then taken exclusively again.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`verrou du dossier de données impossible à prendre : ${lockPath}`);
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Removes the lock if it is still this process's. */
function releaseDataDir(lockPath: string): void {
  if (readOrEmpty(lockPath).trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
}
