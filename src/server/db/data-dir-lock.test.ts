import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function freshDataDir(): string {
  const dir = path.resolve('.tmp', `lock-${randomBytes(6).toString('hex')}`);
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one, for as long as the test needs it. */
async function otherProcess<T>(withPid: (pid: number) => T | Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    return await withPid(child.pid!);
  } finally {
    child.kill('SIGKILL');
  }
}

describe('the data folder lock', () => {
  it('takes a free folder, writing its pid', () => {
    const dir = freshDataDir();
    lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses a folder a live process holds, naming the folder and the process, and leaves its lock alone', async () => {
    const dir = freshDataDir();
    fs.mkdirSync(dir, { recursive: true });
    await otherProcess((pid) => {
      fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${pid}\n`);
      let refusal: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as Error).message).toContain(`Le dossier de données «\u00a0${dir}\u00a0» est déjà utilisé par le processus ${pid}.`);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(pid));
    });
  });

  it('takes over the lock of a process that has ended (kill -9), and a lock naming its own pid', async () => {
    const dir = freshDataDir();
    fs.mkdirSync(dir, { recursive: true });
    const ended = await otherProcess((pid) => pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${ended}\n`);
    lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
  });
});
