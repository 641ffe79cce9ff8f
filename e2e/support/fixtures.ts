import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config';
import { sendOperatorCommand } from '../../server/modules/operator/socket';

export interface Customer {
  id: number;
  email: string;
  password: string;
}

const apiUrl = (path: string) => `http://127.0.0.1:${E2E_PORT}${path}`;

/** A fresh verified customer of its own for each test, so tests never share a balance. */
export async function createCustomer(options: { balance?: number; verified?: boolean } = {}): Promise<Customer> {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'Secret123';
  const response = await fetch(apiUrl('/test/customers'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...options }),
  });
  if (!response.ok) throw new Error(`could not create customer: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { id, email, password };
}

/** What `npm run operator -- <command> ...` does against the running server: through its operator socket (sb-* to the sportsbook's). */
export async function operator(command: string, ...args: string[]): Promise<unknown> {
  const answer = await sendOperatorCommand(E2E_DATA_DIR, command, args, command.startsWith('sb-') ? 'sportsbook' : 'operator');
  if (answer.status !== 200) throw new Error(answer.message);
  return answer.result;
}

export async function latestMailTo(email: string): Promise<{ subject: string; text: string }> {
  const mails = (await (await fetch(apiUrl('/outbox.json'))).json()) as Array<{ to: string; subject: string; text: string }>;
  const mail = mails.find((candidate) => candidate.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** Signs in through the login drawer, as a customer would. */
export async function signIn(page: Page, customer: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Login' });
  await drawer.getByLabel('Email').fill(customer.email);
  await drawer.getByLabel('Password', { exact: true }).fill(customer.password);
  await drawer.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

export const test = base;
export { expect };
