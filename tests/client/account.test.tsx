import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { StoreProvider } from '../../src/stores/context';
import { toStoredToken } from '../../src/stores/SessionStore';
import UpdatePasswordDrawer from '../../src/features/account/UpdatePasswordDrawer';
import DeleteAccountDrawer, { deleteErrorMessage } from '../../src/features/account/DeleteAccountDrawer';
import PersonalDetailsDrawer from '../../src/features/account/PersonalDetailsDrawer';
import AccountSuspendedDrawer from '../../src/features/account/AccountSuspendedDrawer';
import { accountItems } from '../../src/features/account/AccountDrawer';
import { OverlayStore } from '../../src/stores/OverlayStore';
import { overlayCatalog } from '../../src/overlays/registry';
import { formValuesFrom } from '../../src/features/account/details';
import { SAME_PASSWORD } from '../../src/features/account/schemas';
import { CANNOT_DELETE_TEXT, personalDetailsForm, toUpdateDetails } from '../../src/contract/account';
import { HttpError } from '../../src/api/http';
import { callsTo, createTestRoot, demoUser, token, type Reply, type Route } from './support/fakes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderSignedIn(element: ReactElement, routes: Record<string, Route | Reply> = {}) {
  const test = createTestRoot({ routes: { 'GET /user/details': { status: 200, body: demoUser }, ...routes } });
  runInAction(() => {
    test.root.session.token = toStoredToken(token(), Date.now());
  });
  const view = render(
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>{element}</QueryClientProvider>
    </StoreProvider>,
  );
  return { ...test, view, user: userEvent.setup() };
}

describe('account list', () => {
  it('offers My Bets only on mobile, and never Deposit or Withdraw (they have their own buttons)', () => {
    const desktop = accountItems(new OverlayStore(overlayCatalog), false).map((item) => item.name);
    const mobile = accountItems(new OverlayStore(overlayCatalog), true).map((item) => item.name);
    expect(desktop).toContain('account_personal-details');
    expect(desktop).toContain('account_responsible-gambling');
    expect(desktop).toContain('account_transaction-history');
    expect(desktop).not.toContain('AllBets');
    expect(mobile).toContain('AllBets');
    for (const list of [desktop, mobile]) {
      expect(list).not.toContain('account_deposit');
      expect(list).not.toContain('account_withdraw');
      expect(list).not.toContain('account_personal-details_update-password');
    }
  });
});

describe('personal details form values', () => {
  it('round-trips the profile: phone without +44 in the form, with it on the wire; yes/no to booleans', () => {
    const values = formValuesFrom({ ...demoUser, marketingOffersSms: true });
    expect(values).toMatchObject({
      phoneNumber: '7700900123',
      postcode: 'SW1A 1AA',
      offers: { email: 'no', phone: 'no', sms: 'yes' },
    });
    expect(toUpdateDetails({ ...values, postcode: 'sw1a1aa' }, demoUser.email)).toEqual({
      address1: '1 High Street',
      address2: '',
      addressCity: 'London',
      addressPostCode: 'SW1A 1AA',
      email: 'demo@example.com',
      phone: '+447700900123',
      marketingOffersEmail: false,
      marketingOffersPhone: false,
      marketingOffersSms: true,
    });
  });

  it('uses the registration messages for the phone and a half-filled address', () => {
    const values = formValuesFrom({ ...demoUser, address2: 'Westminster' });
    const phone = personalDetailsForm.safeParse({ ...values, phoneNumber: '6700900123' });
    expect(phone.error?.issues[0]?.message).toBe('Incorrect phone number');
    const address = personalDetailsForm.safeParse({ ...values, townOrCity: '' });
    expect(address.error?.issues.map((issue) => issue.message)).toContain(
      'Please select an address or enter it manually.',
    );
    expect(
      personalDetailsForm.safeParse({ ...values, addressLine1: '', addressLine2: '', townOrCity: '' }).success,
    ).toBe(true);
  });
});

describe('personal details drawer', () => {
  it('edits, and Cancel restores the loaded values', async () => {
    const { user } = renderSignedIn(<PersonalDetailsDrawer />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).readOnly).toBe(true);
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(phone.value).toBe('7700900123');
    await user.clear(phone);
    await user.type(phone, '7x9-99');
    expect(phone.value).toBe('7999');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('personal-details').textContent).toContain('+447700900123');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('7700900123');
  });

  it('saves the update payload, shows the success message and returns to the view', async () => {
    let stored = { ...demoUser, address2: 'Westminster' };
    const { user, fetch } = renderSignedIn(<PersonalDetailsDrawer />, {
      'GET /user/details': () => ({ status: 200, body: stored }),
      'PUT /auth/update_details': () => {
        stored = { ...stored, phone: '+447911123456', marketingOffersEmail: true };
        return { status: 200, body: stored };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '7911123456');
    await user.click(screen.getByRole('group', { name: 'Email offers' }).querySelector('input[value="yes"]')!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details have been updated.')).toBeTruthy();
    const [[, init]] = callsTo(fetch, 'PUT /auth/update_details');
    expect(JSON.parse(String(init!.body))).toMatchObject({
      phone: '+447911123456',
      email: 'demo@example.com',
      marketingOffersEmail: true,
      addressPostCode: 'SW1A 1AA',
    });
    expect(JSON.parse(String(init!.body))).not.toHaveProperty('firstName');
    expect(screen.getByTestId('personal-details').textContent).toContain('+447911123456');
  });

  it("says 'No user data found.' when the details cannot be loaded", async () => {
    renderSignedIn(<PersonalDetailsDrawer />, {
      'GET /user/details': { status: 404, body: { message: 'No user data found.' } },
    });
    expect(await screen.findByText('No user data found.')).toBeTruthy();
  });
});

describe('update password drawer', () => {
  it('asks for the current password and a matching repeat', async () => {
    const { user, fetch } = renderSignedIn(<UpdatePasswordDrawer />);
    await user.type(screen.getByLabelText('New password'), 'Fresh5678');
    await user.type(screen.getByLabelText('Repeat new password'), 'Fresh5679');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(callsTo(fetch, 'POST /auth/change_password')).toHaveLength(0);
  });

  it('refuses a new password that is the same as the current one, without a request', async () => {
    const { user, fetch } = renderSignedIn(<UpdatePasswordDrawer />);
    await user.type(screen.getByLabelText('Current password'), 'Old12345');
    await user.type(screen.getByLabelText('New password'), 'Old12345');
    await user.type(screen.getByLabelText('Repeat new password'), 'Old12345');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(SAME_PASSWORD)).toBeTruthy();
    expect(callsTo(fetch, 'POST /auth/change_password')).toHaveLength(0);
  });

  it("prefixes the new password's rule messages with 'New'", async () => {
    const { user } = renderSignedIn(<UpdatePasswordDrawer />);
    await user.type(screen.getByLabelText('New password'), 'short1');
    await user.tab();
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
  });

  it('shows a refusal under the form, then succeeds and Continue returns to personal details', async () => {
    let attempts = 0;
    const { user, root } = renderSignedIn(<UpdatePasswordDrawer />, {
      'POST /auth/change_password': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Your current password is incorrect', code: 'WrongPassword' } }
          : { status: 200, body: { message: 'ok' } },
    });
    await user.type(screen.getByLabelText('Current password'), 'Old12345');
    await user.type(screen.getByLabelText('New password'), 'Fresh5678');
    await user.type(screen.getByLabelText('Repeat new password'), 'Fresh5678');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Password successfully updated' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(root.overlays.top?.definition.name).toBe('account_personal-details');
  });
});

describe('delete account drawer', () => {
  it('reads WalletNotZero and UserHasOpenBets as one sentence, anything else as returned', () => {
    expect(deleteErrorMessage(new HttpError('x', 422, 'WalletNotZero'))).toBe(CANNOT_DELETE_TEXT);
    expect(deleteErrorMessage(new HttpError('y', 422, 'UserHasOpenBets'))).toBe(CANNOT_DELETE_TEXT);
    expect(deleteErrorMessage(new HttpError('Your password is incorrect', 400, 'WrongPassword'))).toBe(
      'Your password is incorrect',
    );
  });

  it('shows the rule before the password, offers Withdraw when the wallet holds funds, and its final button is red', async () => {
    const { root, user } = renderSignedIn(<DeleteAccountDrawer />);
    root.balance.set(1_250);
    const rule = await screen.findByTestId('delete-rule');
    const password = screen.getByLabelText('Password');
    expect(rule.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rule.textContent).toContain(
      'You can delete it only when you have no open bets and no funds in your wallet.',
    );
    expect((await screen.findByTestId('delete-funds')).textContent).toContain(
      'Your balance is £12.50. Withdraw it first',
    );
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(root.overlays.top?.definition.name).toBe('account_withdraw');
    expect(screen.getByRole('button', { name: 'Delete account' }).className).toContain('button--danger');
  });

  it('a wrong password is an inline error on the field, not the error screen', async () => {
    const { user } = renderSignedIn(<DeleteAccountDrawer />, {
      'DELETE /auth/account': { status: 400, body: { message: 'Your password is incorrect', code: 'WrongPassword' } },
    });
    await user.type(screen.getByLabelText('Password'), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your password is incorrect');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Unable to Delete Account' })).toBeNull();
  });

  it("shows 'Unable to Delete Account' with Go Back to the form", async () => {
    const { user } = renderSignedIn(<DeleteAccountDrawer />, {
      'DELETE /auth/account': { status: 422, body: { message: 'Wallet not empty', code: 'WalletNotZero' } },
    });
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('heading', { name: 'Unable to Delete Account' })).toBeTruthy();
    expect(screen.getByText(CANNOT_DELETE_TEXT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('signs out on success, closes the other overlays and shows the success screen that leads to login', async () => {
    const { user, root, fetch } = renderSignedIn(<DeleteAccountDrawer />, {
      'DELETE /auth/account': { status: 200, body: { message: 'Account deleted' } },
    });
    root.overlays.open('account_personal-details_delete-account');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await vi.waitFor(() => expect(root.session.token).toBeNull());
    const [[, init]] = callsTo(fetch, 'DELETE /auth/account');
    expect(JSON.parse(String(init!.body))).toEqual({ password: 'Secret123' });
    expect(root.overlays.stack.map((entry) => [entry.definition.name, entry.data])).toEqual([
      ['account_personal-details_delete-account', { deleted: true }],
    ]);

    cleanup();
    render(
      <StoreProvider store={root}>
        <DeleteAccountDrawer data={{ deleted: true }} />
      </StoreProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Account deleted' })).toBeTruthy();
    expect(screen.getByText('We are sorry to see you go')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(root.overlays.top?.definition.name).toBe('login');
  });
});

describe('account suspended drawer', () => {
  it('names the configured support address, and Continue signs out and opens login', async () => {
    const { user, root } = renderSignedIn(<AccountSuspendedDrawer />, {
      'GET /api/config': { status: 200, body: { supportEmail: 'help@exsport.test' } },
    });
    expect(screen.getByRole('heading', { name: 'Account Suspended' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'help@exsport.test' });
    expect(link.getAttribute('href')).toBe('mailto:help@exsport.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(root.session.token).toBeNull();
    expect(root.overlays.top?.definition.name).toBe('login');
  });
});
