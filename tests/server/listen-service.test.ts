import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtClientDir, listenService } from '../../server/platform/listen-service';
import { CommandRegistry } from '../../server/platform/operator/command';
import { sendOperatorCommand } from '../../server/platform/operator/socket';

const scratchDir = () => mkdtempSync(join(tmpdir(), 'bx-listen-'));
const commands = new CommandRegistry<{ greeting: string }>([
  { name: 'greet', usage: 'greet', run: async (services) => services.greeting },
]);

describe('listenService', () => {
  it('answers the service and its operator commands, and close stops the commands before shutting down', async () => {
    const dataDir = scratchDir();
    const app = Fastify();
    app.get('/up', async () => ({ up: true }));
    const steps: string[] = [];
    const close = await listenService({
      app,
      port: 0,
      host: '127.0.0.1',
      operator: { dataDir, name: 'exchange', commands, services: { greeting: 'hello' } },
      shutdown: async () => {
        steps.push('shutdown');
        await app.close();
      },
    });
    expect((await app.inject('/up')).json()).toEqual({ up: true });
    expect(await sendOperatorCommand(dataDir, 'greet', [], 'exchange')).toEqual({ status: 200, result: 'hello' });
    await close();
    expect(steps).toEqual(['shutdown']);
    await expect(sendOperatorCommand(dataDir, 'greet', [], 'exchange')).rejects.toThrow();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shuts the service down and passes the error on when its operator socket cannot open', async () => {
    const dataDir = scratchDir();
    writeFileSync(join(dataDir, 'operator'), 'a file where the socket folder should be');
    const app = Fastify();
    let shutdowns = 0;
    await expect(
      listenService({
        app,
        port: 0,
        host: '127.0.0.1',
        operator: { dataDir, name: 'sportsbook', commands, services: { greeting: 'hello' } },
        shutdown: async () => {
          shutdowns += 1;
          await app.close();
        },
      }),
    ).rejects.toThrow();
    expect(shutdowns).toBe(1);
    expect(app.server.listening).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('builtClientDir', () => {
  it('names the folder only once a build has put an index.html in it', () => {
    const dir = scratchDir();
    expect(builtClientDir(dir)).toBeUndefined();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    expect(builtClientDir(dir)).toBe(dir);
    rmSync(dir, { recursive: true, force: true });
  });
});
