import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import { PersonalStep } from '../../src/features/registration/PersonalStep';
import { createTestRoot, callsTo, type Reply, type Route } from './support/fakes';

afterEach(cleanup);

const FOUND = {
  addresses: [
    { id: '3', address: '12 Otley Road, Headingley, Leeds' },
    { id: '1', address: '2 St Michaels Lane, Headingley, Leeds' },
    { id: '2', address: '110 Otley Road, Headingley, Leeds' },
    { id: '4', address: '14 Otley Road, Headingley, Leeds' },
  ],
};

function renderStep(lookup: Route | Reply = { status: 200, body: FOUND }) {
  const test = createTestRoot({ routes: { 'GET /api/address-lookup': lookup } });
  render(
    <StoreProvider store={test.root}>
      <PersonalStep onSubmit={() => {}} onBack={() => {}} />
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

const postcode = () => screen.getByLabelText('Postcode') as HTMLInputElement;
const findButton = () => screen.getByRole('button', { name: /Find address|Loading\.\.\./ }) as HTMLButtonElement;
const options = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('address lookup on the personal details step', () => {
  it('formats the postcode as typed and enables the lookup only for a UK postcode', async () => {
    const { user } = renderStep();
    expect(findButton().disabled).toBe(true);
    await user.type(postcode(), 'sw1');
    expect(postcode().value).toBe('SW1');
    expect(findButton().disabled).toBe(true);
    await user.type(postcode(), 'a 2aaxx');
    expect(postcode().value).toBe('SW1A 2AA');
    expect(findButton().disabled).toBe(false);
    await user.clear(postcode());
    await user.type(postcode(), 'ls63hnx');
    expect(postcode().value).toBe('LS63 HNX');
    expect(findButton().disabled).toBe(true);
  });

  it("says 'Loading...' while looking up, sends the postcode without spaces, and lists by street then number", async () => {
    let release: (reply: Reply) => void = () => {};
    const { user, fetch } = renderStep(() => new Promise<Reply>((resolve) => (release = resolve)));
    await user.type(postcode(), 'ls6 3hn');
    await user.click(findButton());
    expect(findButton().textContent).toBe('Loading...');
    expect(findButton().disabled).toBe(true);
    expect(new URL(String(callsTo(fetch, 'GET /api/address-lookup')[0]![0])).searchParams.get('postcode')).toBe(
      'LS63HN',
    );
    release({ status: 200, body: FOUND });
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(options()).toEqual([
      '12 Otley Road, Headingley, Leeds',
      '14 Otley Road, Headingley, Leeds',
      '110 Otley Road, Headingley, Leeds',
      '2 St Michaels Lane, Headingley, Leeds',
    ]);
    expect(findButton().textContent).toBe('Find address');
  });

  it('fills and shows the three fields from a picked address; a new lookup clears and hides them', async () => {
    const { user } = renderStep();
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
    await user.type(postcode(), 'LS63HN');
    await user.click(findButton());
    await user.click(await screen.findByRole('button', { name: '110 Otley Road, Headingley, Leeds' }));
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('110 Otley Road');
    expect((screen.getByLabelText('Address line 2') as HTMLInputElement).value).toBe('Headingley');
    expect((screen.getByLabelText('Town or city') as HTMLInputElement).value).toBe('Leeds');
    expect(screen.queryByRole('list')).toBeNull();

    await user.click(findButton());
    await screen.findByRole('button', { name: '12 Otley Road, Headingley, Leeds' });
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
    await user.click(screen.getByRole('button', { name: "Can't find your address? Enter Manually" }));
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('');
  });

  it('re-validates the address fields 100 ms after a change: all three or none', async () => {
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: "Can't find your address? Enter Manually" }));
    await user.type(screen.getByLabelText('Address line 1'), '1 Mill Lane');
    await waitFor(() => expect(screen.getAllByText('Please select an address or enter it manually.')).toHaveLength(2));
    await user.type(screen.getByLabelText('Address line 2'), 'Kirby Muxloe');
    await user.type(screen.getByLabelText('Town or city'), 'Leicester');
    await waitFor(() => expect(screen.queryByText('Please select an address or enter it manually.')).toBeNull());
  });

  it.each<[string, Reply, string]>([
    ['an empty list', { status: 200, body: { addresses: [] } }, 'No addresses found for this postcode.'],
    [
      'a server error with a text',
      { status: 502, body: { message: 'Address lookup is unavailable' } },
      'Address lookup is unavailable',
    ],
    ['a server error without a text', { status: 500, body: '' }, 'Error fetching addresses.'],
    ['a network failure', new TypeError('Failed to fetch'), 'Error fetching addresses. Please try again.'],
  ])('shows %s under the postcode', async (_label, reply, message) => {
    const { user } = renderStep(reply);
    await user.type(postcode(), 'LS63HN');
    await user.click(findButton());
    const error = await screen.findByText(message);
    expect(error.getAttribute('role')).toBe('alert');
    expect(postcode().getAttribute('aria-describedby')).toContain(error.id);
  });

  it('looks up on Enter in the postcode box instead of submitting the form', async () => {
    const { user, fetch } = renderStep();
    await user.type(postcode(), 'LS63HN{Enter}');
    await waitFor(() => expect(callsTo(fetch, 'GET /api/address-lookup')).toHaveLength(1));
    expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(4);
  });
});
