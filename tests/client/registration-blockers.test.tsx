import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { personalBlockers } from '../../src/features/registration/personalBlockers';
import { StepIndicator } from '../../src/features/registration/StepIndicator';
import { dateMessage } from '../../src/features/registration/DateOfBirthFields';

afterEach(cleanup);

const complete = {
  firstName: 'Pat',
  lastName: 'Tester',
  dateOfBirth: { day: '05', month: '05', year: '1990' },
  phoneNumber: '7700900111',
  postcode: 'LS1 1AA',
  addressLine1: '',
  addressLine2: '',
  townOrCity: '',
  offers: { email: 'no', phone: 'no', sms: 'no' },
  termsAccepted: true,
} as const;

describe('why Next is off on the personal step', () => {
  it('names nothing once the form is complete', () => {
    expect(personalBlockers(complete)).toEqual([]);
  });

  it('names the empty fields, a half address, the unanswered offer questions and the terms', () => {
    expect(
      personalBlockers({
        ...complete,
        lastName: '',
        dateOfBirth: { day: '1', month: '', year: '1990' },
        addressLine1: '1 Test Street',
        offers: { email: 'yes' } as never,
        termsAccepted: false as never,
      }),
    ).toEqual([
      'Fill in your last name and date of birth.',
      'Complete all three address lines, or leave them all empty.',
      'Answer the offer questions for phone and SMS.',
      'Accept the terms and privacy policy.',
    ]);
    expect(personalBlockers({ ...complete, offers: { email: 'yes', phone: 'no' } as never })).toEqual([
      'Answer the offer question for SMS.',
    ]);
  });
});

describe('step indicator', () => {
  it('labels each step and announces the current one', () => {
    const { rerender } = render(<StepIndicator current={1} />);
    expect(screen.getByTestId('step-announcement').textContent).toBe('Step 2 of 3: Password');
    expect(screen.getByText('Personal details', { selector: '.step-indicator__label' })).toBeTruthy();
    rerender(<StepIndicator current={2} />);
    expect(screen.getByTestId('step-announcement').textContent).toBe('Step 3 of 3: Personal details');
  });

  it('marks the last step done, not current, once it is (the deposit-limit step)', () => {
    render(<StepIndicator current={3} />);
    expect(screen.getByTestId('step-announcement').textContent).toBe('Step 3 of 3: Personal details, done');
    expect(screen.getByText('Step 3: Personal details, done')).toBeTruthy();
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
  });
});

describe('date of birth messages', () => {
  it("say 'DD', 'MM' and 'YYYY' as sentences, and pass any other message through", () => {
    expect(dateMessage('MM')).toBe('Enter the month as MM, a number from 1 to 12.');
    expect(dateMessage('DD')).toBe('Enter the day as DD, a number from 1 to 31.');
    expect(dateMessage('YYYY')).toBe('Enter the year as YYYY, four digits from 1900.');
    expect(dateMessage('Please enter a valid date of birth and make sure you are at least 18 years old.')).toBe(
      'Please enter a valid date of birth and make sure you are at least 18 years old.',
    );
    expect(dateMessage(undefined)).toBeUndefined();
  });
});
