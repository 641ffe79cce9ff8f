import { afterAll, beforeAll, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachDatabase, createUser } from './support/harness';
import {
  listenOperatorSocket,
  operatorSocketDir,
  operatorSocketPath,
  OperatorSocketUnavailable,
  sendOperatorCommand,
  type OperatorSocketServer,
} from '../../server/platform/operator/socket';
import { runOperatorRequest } from '../../server/modules/operator/commands';
import { databaseHolder, holdDatabase } from '../../server/platform/operator/data-dir-lock';

const run = promisify(execFile);
const scratchDir = () => mkdtempSync(join(tmpdir(), 'bx-op-'));

/** A process that stays alive until killed, standing in for a server that holds the database. */
function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/** `npm run operator -- ...` as the operator types it, with DATA_DIR pointing at `dataDir`. */
async function cli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '1' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describeEachDatabase('the operator socket', (use) => {
  let dataDir = '';
  let server: OperatorSocketServer;
  beforeAll(async () => {
    dataDir = scratchDir();
    server = await listenOperatorSocket(dataDir, (request) => runOperatorRequest(use().services, request));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is a socket only the server’s user can reach: folder 0700, socket 0600', () => {
    expect(statSync(operatorSocketDir(dataDir)).mode & 0o777).toBe(0o700);
    expect(statSync(operatorSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('runs a command in the server and answers its result, or the refusal', async () => {
    const user = await createUser(use(), { balance: 100 });
    expect(await sendOperatorCommand(dataDir, 'credit', [user.email, '250', 'goodwill'])).toEqual({
      status: 200,
      result: { userId: user.id, balance: 350 },
    });
    expect(await sendOperatorCommand(dataDir, 'credit', ['nobody@example.com', '250', 'x'])).toMatchObject({
      status: 400,
      message: 'No customer with e-mail nobody@example.com',
    });
    expect((await sendOperatorCommand(dataDir, 'frobnicate', [])).status).toBe(404);
  });

  it('is what `npm run operator` uses while a server runs', async () => {
    const user = await createUser(use());
    const result = await cli(dataDir, 'credit', user.email, '125', 'through', 'the', 'socket');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ userId: user.id, balance: 125 });
    expect((await use().services.wallet.balance(user.id)).balance).toBe(125);
  }, 60_000);
});

it('refuses an answer that is not the server’s, with a clear message instead of a crash', async () => {
  const dataDir = scratchDir();
  mkdirSync(operatorSocketDir(dataDir), { mode: 0o700 });
  const impostor = createServer((socket) => socket.resume().end('HTTP/1.1 200 OK\r\n\r\n<html>hello</html>'));
  await new Promise<void>((resolve) => impostor.listen(operatorSocketPath(dataDir), resolve));
  try {
    await expect(sendOperatorCommand(dataDir, 'credit', ['a@example.com', '1', 'x'])).rejects.toThrow(
      /Unexpected answer from the server's operator socket/,
    );
  } finally {
    await new Promise((resolve) => impostor.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('sends nothing through a socket folder others can open, and reports no server when there is no socket', async () => {
  const dataDir = scratchDir();
  try {
    await expect(sendOperatorCommand(dataDir, 'withdrawals', [])).rejects.toBeInstanceOf(OperatorSocketUnavailable);
    const server = await listenOperatorSocket(dataDir, async () => ({ status: 200, result: 'leaked' }));
    chmodSync(operatorSocketDir(dataDir), 0o755);
    await expect(sendOperatorCommand(dataDir, 'withdrawals', [])).rejects.toThrow(/not private/);
    await server.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('does not let the CLI write to the database behind a live server whose socket does not answer', async () => {
  const dataDir = scratchDir();
  const holder = liveProcess();
  try {
    writeFileSync(join(dataDir, 'server.pid'), String(holder.pid));
    expect(databaseHolder(dataDir)).toBe(holder.pid);
    expect(() => holdDatabase(dataDir)).toThrow(new RegExp(`held by process ${holder.pid}`));
    const result = await cli(dataDir, 'unlock', 'someone@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`A server (process ${holder.pid}) holds the database`);
  } finally {
    await holder.stop();
  }
  // A pid file left by a process that died holds nothing.
  expect(databaseHolder(dataDir)).toBeUndefined();
  const release = holdDatabase(dataDir);
  release();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);
