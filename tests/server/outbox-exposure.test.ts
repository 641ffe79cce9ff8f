import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from './support/harness';
import { loadConfig, mailOutboxAllowed } from '../../server/config';

// The outbox page lists password-reset links: wherever a stranger can reach it, they can take over any account.
describe('where the mail outbox page may exist', () => {
  const dev = { HOST: '127.0.0.1' };

  it('is on for a plain `npm start` on a development machine', () => {
    expect(mailOutboxAllowed({})).toBe(true);
    expect(mailOutboxAllowed(dev)).toBe(true);
  });

  it('is never on with a PostgreSQL server, the production run of the README, even when asked for', () => {
    expect(mailOutboxAllowed({ DATABASE_URL: 'postgres://user@db.example.com/exsport' })).toBe(false);
    expect(mailOutboxAllowed({ DATABASE_URL: 'postgres://user@127.0.0.1/exsport', MAIL_OUTBOX: 'on' })).toBe(false);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://user@127.0.0.1/exsport',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bx-outbox-config-')),
      }).mailOutboxPage,
    ).toBe(false);
  });

  it('is never on in production, with SMTP, or on a non-loopback address', () => {
    expect(mailOutboxAllowed({ NODE_ENV: 'production', MAIL_OUTBOX: 'on' })).toBe(false);
    expect(mailOutboxAllowed({ SMTP_URL: 'smtp://mail.example.com:587' })).toBe(false);
    expect(mailOutboxAllowed({ HOST: '0.0.0.0', MAIL_OUTBOX: 'on' })).toBe(false);
    expect(mailOutboxAllowed({ HOST: '192.168.1.20' })).toBe(false);
  });

  it('can be turned off on a development machine', () => {
    expect(mailOutboxAllowed({ MAIL_OUTBOX: 'off' })).toBe(false);
  });
});

describeEachDatabase('the mail outbox page', (use) => {
  const forgot = async (email: string) =>
    use().request({ method: 'POST', url: '/auth/forgot_password', payload: { email } });

  it('answers a browser on this machine that names it by a loopback address', async () => {
    await forgot('someone@example.com');
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const response = await use().app.inject({
        method: 'GET',
        url: '/outbox.json',
        headers: { host },
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('does not exist for a request from another machine', async () => {
    for (const url of ['/outbox', '/outbox.json']) {
      const response = await use().app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost:8080' },
        remoteAddress: '203.0.113.9',
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('reset');
    }
  });

  it('does not exist for public traffic a reverse proxy on this machine forwards, nor for a rebinding page', async () => {
    for (const host of ['www.exsport.example', 'attacker.example:8080']) {
      const response = await use().app.inject({
        method: 'GET',
        url: '/outbox.json',
        headers: { host },
        remoteAddress: '127.0.0.1',
      });
      expect(response.statusCode, host).toBe(404);
    }
  });
});
