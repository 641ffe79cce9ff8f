import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { OperatorAnswer } from './dispatch';

/**
 * Operator commands reach the running server through a Unix socket in DATA_DIR, in a folder only the server's
 * user can open (0700, the socket 0600): no key crosses TCP, and nothing else listening on a port can pose as the
 * server. The socket answering is also how the CLI knows a server holds the database.
 */
export const operatorSocketDir = (dataDir: string) => join(dataDir, 'operator');
/** Each service that takes operator commands has its own socket in the folder: `operator` (the PAM), `sportsbook`, `exchange`. */
export type OperatorSocketName = 'operator' | 'sportsbook' | 'exchange';
export const operatorSocketPath = (dataDir: string, name: OperatorSocketName = 'operator') =>
  join(operatorSocketDir(dataDir), `${name}.sock`);

const MAX_REQUEST_BYTES = 1024 * 1024;

/** No server answers on the socket: the CLI may consider acting on the database itself. */
export class OperatorSocketUnavailable extends Error {}

export interface OperatorSocketServer {
  path: string;
  close(): Promise<void>;
}

export async function listenOperatorSocket(
  dataDir: string,
  handle: (request: unknown) => Promise<OperatorAnswer>,
  name: OperatorSocketName = 'operator',
): Promise<OperatorSocketServer> {
  const dir = operatorSocketDir(dataDir);
  const path = operatorSocketPath(dataDir, name);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  if (await answers(path)) throw new Error(`Another server already answers operator commands at ${path}`);
  await unlink(path).catch(() => {});
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serve(socket, handle);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    path,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await closeServer(server);
    },
  };
}

function serve(socket: Socket, handle: (request: unknown) => Promise<OperatorAnswer>): void {
  let buffered = '';
  let handled = false;
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (handled) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) {
      handled = true;
      return void socket.end(`${JSON.stringify({ status: 413, message: 'Request too large' })}\n`);
    }
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    handled = true;
    let request: unknown;
    try {
      request = JSON.parse(buffered.slice(0, end));
    } catch {
      request = undefined;
    }
    void handle(request).then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
  });
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Whether a live process accepts connections at `path` (a socket file left by a killed server does not). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** The folder and socket must be this user's and closed to everyone else; otherwise someone else may have put them there. */
async function assertPrivate(dataDir: string, name: OperatorSocketName): Promise<void> {
  const uid = process.getuid?.();
  const dir = await lstat(operatorSocketDir(dataDir)).catch(() => undefined);
  const socket = await lstat(operatorSocketPath(dataDir, name)).catch(() => undefined);
  if (!dir || !socket) throw new OperatorSocketUnavailable('No operator socket');
  if (!socket.isSocket())
    throw new Error(`${operatorSocketPath(dataDir, name)} is not a socket; refusing to send operator commands to it`);
  if (uid === undefined) return;
  if (!dir.isDirectory() || dir.uid !== uid || (dir.mode & 0o077) !== 0 || socket.uid !== uid) {
    throw new Error(
      `${operatorSocketDir(dataDir)} is not private to this user (owner and mode 0700 expected); refusing to send operator commands through it`,
    );
  }
}

/** Sends one command to the server holding DATA_DIR and returns its answer; throws OperatorSocketUnavailable when none answers. */
export async function sendOperatorCommand(
  dataDir: string,
  command: string,
  args: string[],
  name: OperatorSocketName = 'operator',
): Promise<OperatorAnswer> {
  await assertPrivate(dataDir, name);
  const path = operatorSocketPath(dataDir, name);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = createConnection(path);
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > 16 * MAX_REQUEST_BYTES)
        socket.destroy(new Error('The operator socket sent an answer far too large'));
    });
    socket.once('end', () => {
      socket.destroy();
      resolve(received);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT'))
        reject(new OperatorSocketUnavailable(error.message));
      else reject(error);
    });
  });
  return readAnswer(text);
}

/** Anything but `{status: number, result?, message?: string}` on one line is refused with a clear message. */
function readAnswer(text: string): OperatorAnswer {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error(
      `Unexpected answer from the server's operator socket (not JSON): ${JSON.stringify(text.slice(0, 200))}`,
    );
  }
  const { status, message } = (answer ?? {}) as { status?: unknown; message?: unknown };
  if (
    typeof answer !== 'object' ||
    answer === null ||
    !Number.isInteger(status) ||
    (message !== undefined && typeof message !== 'string')
  ) {
    throw new Error(`Unexpected answer from the server's operator socket: ${JSON.stringify(text.slice(0, 200))}`);
  }
  return answer as OperatorAnswer;
}
