import { describe, expect, it } from 'vitest';
import { ProcessorWalletTokens } from '../../server/providers/card-payments/processor-wallet-tokens';
import { WALLET_TOKEN_INVALID_MESSAGE } from '../../src/contract/payments';

const applePayData = { version: 'EC_v1', data: 'encrypted', signature: 'sig', header: { transactionId: 'abc' } };
const payment = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ wallet: 'ApplePay', amount: 2000, cardholderName: 'Pat Tester', data: applePayData, ...overrides });

/** The processor's token API as a function of the request, recording what it was sent. */
function processor(answer: (body: unknown) => Response, sent: unknown[] = []) {
  return new ProcessorWalletTokens({
    url: 'https://processor.example/tokens',
    publicKey: 'pk_test',
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return answer(body);
    },
  });
}

describe('real processor wallet tokens (adapter shape)', () => {
  it('exchanges Apple Pay data for a card token and reads its funding and last four digits', async () => {
    const sent: unknown[] = [];
    const tokens = processor(() => Response.json({ token: 'tok_123', card_type: 'DEBIT', last4: '1234' }), sent);
    const opened = await tokens.open(payment());
    expect(sent).toEqual([{ type: 'applepay', token_data: applePayData }]);
    expect(opened).toMatchObject({
      ok: true,
      wallet: 'ApplePay',
      amount: 2000,
      funding: 'debit',
      cardholderName: 'Pat Tester',
      cardToken: 'tok_123',
      maskedPan: '**** **** **** 1234',
    });
    // The same wallet data always has the same id, so it is charged once; other data has another.
    const again = await tokens.open(payment());
    const other = await tokens.open(payment({ data: { ...applePayData, data: 'other' } }));
    expect(opened.ok && opened.tokenId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.ok && again.tokenId).toBe(opened.ok && opened.tokenId);
    expect(other.ok && other.tokenId).not.toBe(opened.ok && opened.tokenId);
  });

  it('treats a credit or unknown card type as credit, and refused or malformed data as an invalid token', async () => {
    const credit = processor(() => Response.json({ token: 'tok_1', card_type: 'CREDIT', last4: '4444' }));
    expect(await credit.open(payment({ wallet: 'GooglePay' }))).toMatchObject({ ok: true, funding: 'credit' });
    const unknown = processor(() => Response.json({ token: 'tok_1', last4: '4444' }));
    expect(await unknown.open(payment())).toMatchObject({ funding: 'credit' });
    const refused = processor(() => new Response('{}', { status: 422 }));
    expect(await refused.open(payment())).toEqual({ ok: false, error: WALLET_TOKEN_INVALID_MESSAGE });
    expect(await refused.open('not json')).toEqual({ ok: false, error: WALLET_TOKEN_INVALID_MESSAGE });
    expect(await refused.open(payment({ amount: -1 }))).toEqual({ ok: false, error: WALLET_TOKEN_INVALID_MESSAGE });
  });
});
