import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { login, type TestContext, type TestUser } from './harness';
import { notification, openDeposit, sendNotification } from './money';
import { CreditReferenceApiProvider } from '../../../server/providers/credit-reference/bureau-api';
import type {
  CreditReferencePerson,
  CreditReferenceProvider,
} from '../../../server/providers/credit-reference/provider';
import { CARD_DECLINED_FOR_FUNDS_MESSAGE } from '../../../src/contract/payments';

/**
 * A card deposit through the real path (sign-in, hosted page, then the provider's signed notification), at the
 * test clock's time; waits for the harm checks it sets off.
 */
export async function deposit(context: TestContext, user: TestUser, amount: number): Promise<void> {
  const { accessToken } = await login(context, user);
  const { paymentId } = await openDeposit(context, accessToken, amount);
  const response = await sendNotification(context, notification(paymentId, amount));
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { status: string }).status).toBe('Completed');
  await context.services.harmWatch.idle();
}

/** A deposit the card issuer declines for want of funds. */
export async function declinedForFunds(context: TestContext, user: TestUser, amount: number): Promise<void> {
  const { accessToken } = await login(context, user);
  const { paymentId } = await openDeposit(context, accessToken, amount);
  const response = await sendNotification(
    context,
    notification(paymentId, amount, { status: 'failed', error: CARD_DECLINED_FOR_FUNDS_MESSAGE }),
  );
  expect(response.statusCode, response.body).toBe(200);
  await context.services.harmWatch.idle();
}

export type BureauFault = 'error' | 'nonsense' | 'bad-kind';

/** A bureau address the test can point at the real sandbox, at a faulty server, or at nothing listening. */
export class SwitchableBureau implements CreditReferenceProvider {
  url = 'http://127.0.0.1:9/nothing-listens';
  fault: BureauFault = 'error';
  private server: Server | undefined;
  faultyUrl = '';

  check(person: CreditReferencePerson) {
    return new CreditReferenceApiProvider({ url: this.url, apiKey: 'test-key', timeoutMs: 4000 }).check(person);
  }

  /** A server that answers every check wrongly, as `fault` says. */
  async startFaulty(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (this.fault === 'error') return void response.writeHead(503).end('{"error":"maintenance"}');
        if (this.fault === 'nonsense') return void response.writeHead(200).end('<html>hello</html>');
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ reference: 'r-1', publicRecords: [{ type: 'parking-ticket' }] }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.faultyUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/checks`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
