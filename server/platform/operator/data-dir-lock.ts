import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR/server.pid names the process that holds the embedded database (a server, or the operator CLI
 * acting on it directly), so two processes never write to one PGlite at once.
 */
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds DATA_DIR's database, if any (a file left by a killed process names no one). */
export function databaseHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Takes DATA_DIR's database for this process, or throws naming the live process that holds it. Returns the release. */
export function holdDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' creates the file only if absent: of two processes starting together, one wins.
      writeFileSync(lockFile(dataDir), String(process.pid), { mode: 0o600, flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = databaseHolder(dataDir);
      if (holder !== undefined)
        throw new Error(`The database in ${dataDir} is held by process ${holder}; stop it first`);
      if (attempt > 0) throw new Error(`Could not take ${lockFile(dataDir)}`);
      rmSync(lockFile(dataDir), { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid))
        rmSync(lockFile(dataDir), { force: true });
    } catch {
      // Already gone.
    }
  };
}
