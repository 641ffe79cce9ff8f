import { useId, useMemo } from 'react';
import { keepFocusOnPress } from '../../ui/keepFocusOnPress';
import { useWatch } from 'react-hook-form';
import {
  canSubmitPersonal,
  personalStepSchema,
  stripNameCharacters,
  type PersonalStepOutput,
  type PersonalStepValues,
} from '../../contract/registration';
import { localToday } from '../../contract/rules/birth-date';
import { Field, FieldError, useFieldIds } from '../../ui/Field';
import { FormBlockers } from '../../ui/FormBlockers';
import { filtered, useZodForm } from '../../ui/form';
import { AddressLookup } from '../address/AddressLookup';
import { DateOfBirthFields } from './DateOfBirthFields';
import { PhoneField } from './PhoneField';
import { OfferChoices } from './OfferChoices';
import { personalBlockers } from './personalBlockers';

// The schema's input types say what a valid form holds (terms `true`, offers chosen); a new form starts without them.
const EMPTY: PersonalStepValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: { day: '', month: '', year: '' },
  phoneNumber: '',
  postcode: '',
  addressLine1: '',
  addressLine2: '',
  townOrCity: '',
  promoCode: '',
  offers: {} as PersonalStepValues['offers'],
  termsAccepted: false as unknown as true,
};

export interface PersonalStepProps {
  defaultValues?: Partial<PersonalStepValues>;
  onSubmit: (values: PersonalStepOutput, typed: PersonalStepValues) => void;
  onBack: (typed: PersonalStepValues) => void;
}

export function PersonalStep({ defaultValues, onSubmit, onBack }: PersonalStepProps) {
  const schema = useMemo(() => personalStepSchema(() => localToday()), []);
  const form = useZodForm(schema, { defaultValues: { ...EMPTY, ...defaultValues }, mode: 'onBlur' });
  const { register, handleSubmit, formState, control, getValues } = form;
  const values = useWatch({ control }) as Partial<PersonalStepValues>;
  const termsIds = useFieldIds();
  const blockersId = useId();
  const blockers = canSubmitPersonal(values) ? [] : personalBlockers(values);

  return (
    <form
      className="form"
      noValidate
      aria-label="Personal details"
      onMouseDown={keepFocusOnPress}
      onSubmit={handleSubmit((output) => onSubmit(output, getValues()))}
    >
      <Field
        label="First name"
        autoComplete="given-name"
        autoFocus
        {...filtered(register('firstName'), stripNameCharacters)}
        error={formState.errors.firstName?.message}
      />
      <Field
        label="Last name"
        autoComplete="family-name"
        {...filtered(register('lastName'), stripNameCharacters)}
        error={formState.errors.lastName?.message}
      />
      <DateOfBirthFields form={form} />
      <PhoneField form={form} />
      <AddressLookup form={form} />
      <Field
        label="Promotional code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={50}
        {...register('promoCode')}
        error={formState.errors.promoCode?.message}
      />
      <OfferChoices form={form} />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            {...register('termsAccepted')}
            aria-invalid={formState.errors.termsAccepted ? true : undefined}
            aria-describedby={formState.errors.termsAccepted ? termsIds.errorId : undefined}
          />
          <span>
            I am over 18 and accept the{' '}
            <a href="/terms" target="_blank" rel="noopener">
              Terms &amp; Conditions
            </a>{' '}
            and the{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
          </span>
        </label>
        <FieldError id={termsIds.errorId} error={formState.errors.termsAccepted?.message} />
      </div>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!canSubmitPersonal(values)}
        aria-describedby={blockers.length ? blockersId : undefined}
      >
        Next
      </button>
      <FormBlockers id={blockersId} blockers={blockers} testId="personal-blockers" />
      <button type="button" className="button button--block" onClick={() => onBack(getValues())}>
        Back
      </button>
    </form>
  );
}
