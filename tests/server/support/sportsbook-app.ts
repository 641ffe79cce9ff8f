import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, createUser, login, type DatabaseKind, type TestContext, type TestUser } from './harness';
import { launchToken } from './games';
import { SPORTSBOOK_TEST_CONFIG, seededRandom, ScriptedGoals, TEST_OUTRIGHT_RUNS } from './sportsbook';
import {
  listenOperatorSocket,
  sendOperatorCommand,
  type OperatorSocketServer,
} from '../../../server/platform/operator/socket';
import { runCommandRequest } from '../../../server/platform/operator/dispatch';
import { sportsbookCommands } from '../../../server/sportsbook/operator/commands';
import { migrateSportsbook } from '../../../server/sportsbook/db/migrate';
import { sportsbookDb } from '../../../server/sportsbook/db/schema';
import { createSportsbookServices, type SportsbookServices } from '../../../server/sportsbook/services';
import { buildSportsbookApp } from '../../../server/sportsbook/app';

/** The real sportsbook service (live catalogue, its app and routes, its operator socket) and the real PAM on 127.0.0.1, on one database. */
export interface SportsbookAppWorld {
  pam: TestContext;
  services: SportsbookServices;
  app: FastifyInstance;
  /** What `npm run operator -- sb-...` does: through the sportsbook's private socket in DATA_DIR. */
  operator(command: string, args: string[]): ReturnType<typeof sendOperatorCommand>;
  balanceOf(userId: number): Promise<number>;
  /** A verified customer with this balance, signed in at the PAM and launched into the sportsbook. */
  session(balance: number): Promise<{ user: TestUser; token: string }>;
  close(): Promise<void>;
}

export async function createSportsbookAppWorld(
  kind: DatabaseKind,
  options: {
    config?: Partial<Pick<Parameters<typeof createSportsbookServices>[0]['config'], 'inPlayDelayMs'>>;
    prepare?: (services: SportsbookServices, pam: TestContext) => Promise<void>;
    recoverySchedule?: Parameters<typeof createSportsbookServices>[0]['recoverySchedule'];
  } = {},
): Promise<SportsbookAppWorld> {
  const pam = await createContext(kind);
  await pam.app.listen({ port: 0, host: '127.0.0.1' });
  const address = pam.app.server.address();
  const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const db = sportsbookDb(pam.database);
  await migrateSportsbook(db);
  const services = createSportsbookServices({
    db,
    clock: pam.clock,
    config: { ...SPORTSBOOK_TEST_CONFIG, pamUrl, ...options.config },
    random: seededRandom(),
    goals: new ScriptedGoals().draw,
    outrightRuns: TEST_OUTRIGHT_RUNS,
    recoverySchedule: options.recoverySchedule,
  });
  await services.feed.seedWorld();
  await services.catalogue.load();
  await services.feed.tick();
  await services.feed.idle();
  await options.prepare?.(services, pam);
  const app = await buildSportsbookApp({ services });
  await app.ready();
  const dataDir = mkdtempSync(join(tmpdir(), 'bx-sb-operator-'));
  const operatorSocket: OperatorSocketServer = await listenOperatorSocket(
    dataDir,
    (request) => runCommandRequest(sportsbookCommands, services, request),
    'sportsbook',
  );
  return {
    pam,
    services,
    app,
    operator: (command, args) => sendOperatorCommand(dataDir, command, args, 'sportsbook'),
    balanceOf: async (userId) =>
      (
        await pam.database.db
          .selectFrom('wallets')
          .select('balance')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).balance,
    session: async (balance) => {
      const user = await createUser(pam, { balance });
      const { accessToken } = await login(pam, user);
      const launched = await app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { launchToken: await launchToken(pam, accessToken) },
      });
      expect(launched.statusCode, launched.body).toBe(200);
      return { user, token: launched.json().sessionToken as string };
    },
    close: async () => {
      await services.runner.stop();
      services.bets.close();
      await services.outbox.stop();
      await app.close();
      await operatorSocket.close();
      rmSync(dataDir, { recursive: true, force: true });
      await pam.app.close();
      await pam.database.close();
    },
  };
}
