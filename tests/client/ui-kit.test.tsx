import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from '../../src/ui/Field';
import { StatusScreen } from '../../src/ui/StatusScreen';
import { ErrorScreen } from '../../src/ui/ErrorScreen';
import { QuickPicks } from '../../src/ui/QuickPicks';
import { SubmitButton } from '../../src/ui/SubmitButton';

afterEach(cleanup);

describe('ui kit', () => {
  it('Field ties its label, hint and error to the input', () => {
    render(<Field label="Amount" hint="At least £5" error="Amount is required" />);
    const input = screen.getByLabelText('Amount');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)!.textContent)).toEqual([
      'At least £5',
      'Amount is required',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Amount is required');
  });

  it('Field is neither invalid nor described when there is nothing to say, and green only without an error', () => {
    const { rerender } = render(<Field label="Email" valid />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.classList.contains('field__input--valid')).toBe(true);
    rerender(<Field label="Email" valid error="Empty email" />);
    expect(screen.getByLabelText('Email').classList.contains('field__input--valid')).toBe(false);
  });

  it('StatusScreen shows its heading, a customisable primary button and an optional Cancel', async () => {
    const onPrimary = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<StatusScreen icon="success" heading="Verification Successful" />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    rerender(
      <StatusScreen
        icon="error"
        heading="Deposit Failed"
        onPrimary={onPrimary}
        primaryText="Try again"
        onCancel={onCancel}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Deposit Failed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onPrimary).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('ErrorScreen shows the returned text with a way back', async () => {
    const onBack = vi.fn();
    render(
      <ErrorScreen heading="Unable to Delete Account" message="Wrong password" onBack={onBack} backText="Go Back" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('QuickPicks shows pound amounts and hands back pence', async () => {
    const onPick = vi.fn();
    render(<QuickPicks amounts={[500, 1000, 2050]} selected={1000} onPick={onPick} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['£5', '£10', '£20.50']);
    expect(screen.getByRole('button', { name: '£10' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '£5' }));
    expect(onPick).toHaveBeenCalledWith(500);
  });

  it('SubmitButton says what it is doing while loading', () => {
    const { rerender } = render(<SubmitButton loadingText="Updating...">Update</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
    rerender(
      <SubmitButton loading loadingText="Updating...">
        Update
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Updating...' }).hasAttribute('disabled')).toBe(true);
  });
});
