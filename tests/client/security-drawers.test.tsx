import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { StoreProvider } from '../../src/stores/context';
import { toStoredToken } from '../../src/stores/SessionStore';
import TwoStepDrawer from '../../src/features/auth/TwoStepDrawer';
import SignInHistoryDrawer from '../../src/features/auth/SignInHistoryDrawer';
import { TWO_STEP_INVALID_MESSAGE } from '../../src/contract/auth';
import { callsTo, createTestRoot, demoUser, token, type Reply, type Route } from './support/fakes';

afterEach(cleanup);

function renderSignedIn(element: ReactElement, routes: Record<string, Route | Reply>) {
  const test = createTestRoot({ routes: { 'GET /user/details': { status: 200, body: demoUser }, ...routes } });
  runInAction(() => {
    test.root.session.token = toStoredToken(token(), Date.now());
  });
  render(
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>{element}</QueryClientProvider>
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

const CODES = ['ABCDE-23456', 'FGHJK-78923', 'MNPQR-34567'];

describe('two-step sign-in drawer', () => {
  it('turns it on: QR code and typed key, a wrong first code refused, then the recovery codes once and the on state', async () => {
    let enabled = false;
    const { user, fetch } = renderSignedIn(<TwoStepDrawer />, {
      'GET /auth/two-step': () => ({ status: 200, body: { enabled, recoveryCodesLeft: enabled ? CODES.length : 0 } }),
      'POST /auth/two-step/enrolment': {
        status: 200,
        body: {
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/ExSport:demo',
        },
      },
      'POST /auth/two-step/enrolment/confirm': (body) => {
        if ((body as { code: string }).code !== '135790')
          return { status: 400, body: { message: TWO_STEP_INVALID_MESSAGE, code: 'TwoStepCodeInvalid' } };
        enabled = true;
        return { status: 200, body: { recoveryCodes: CODES } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect((await screen.findByRole('img', { name: /QR code/ })).getAttribute('src')).toMatch(/^data:image\/png/);
    expect(screen.getByTestId('two-step-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = screen.getByLabelText('Enter the 6-digit code the app now shows');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('Enter the 6 digits from your authenticator app')).toBeTruthy();
    expect(callsTo(fetch, 'POST /auth/two-step/enrolment/confirm')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_STEP_INVALID_MESSAGE);
    await user.clear(code);
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    const heading = await screen.findByRole('heading', { name: 'Two-step sign-in is on' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect((await screen.findByTestId('two-step-state')).textContent).toContain('on');
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(screen.getByText('3 recovery codes are left.')).toBeTruthy();
  });

  it('turning off asks for the password and a code and shows a refusal', async () => {
    const { user, fetch } = renderSignedIn(<TwoStepDrawer />, {
      'GET /auth/two-step': { status: 200, body: { enabled: true, recoveryCodesLeft: 2 } },
      'POST /auth/two-step/disable': {
        status: 400,
        body: { message: 'Your current password is incorrect', code: 'WrongPassword' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(screen.getByText('Enter the code')).toBeTruthy();
    expect(screen.getByText(/To get new ones/)).toBeTruthy();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Wrong1234');
    await user.type(screen.getByLabelText('Code from your app, or a recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect');
    expect(JSON.parse(String(callsTo(fetch, 'POST /auth/two-step/disable')[0]![1]!.body))).toEqual({
      password: 'Wrong1234',
      code: '123456',
    });
  });
});

describe('sign-in history drawer', () => {
  it('lists the sign-ins newest first with device and an honest unknown place, and the previous sign-in', async () => {
    const { root } = renderSignedIn(<SignInHistoryDrawer />, {
      'GET /auth/sign-ins': {
        status: 200,
        body: {
          signIns: [
            { at: '2026-11-25T10:00:00.000Z', device: 'Chrome on Android', place: null },
            { at: '2026-11-20T09:30:00.000Z', device: 'Safari on iPhone', place: null },
          ],
        },
      },
    });
    runInAction(() => (root.session.previousSignInAt = '2026-11-20T09:30:00.000Z'));
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Chrome on Android');
    expect(items[0]!.textContent).toContain('Place unknown');
    expect(items[0]!.textContent).toContain('This sign-in');
    expect(items[1]!.textContent).toContain('Safari on iPhone');
    expect(items[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-25T10:00:00.000Z');
    expect(screen.getByText(/Before this visit, you last signed in on/)).toBeTruthy();
  });
});
