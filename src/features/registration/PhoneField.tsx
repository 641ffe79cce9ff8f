import type { UseFormReturn } from 'react-hook-form';
import { PHONE_PREFIX, type PersonalStepValues } from '../../contract/registration';
import { describedBy, FieldError, useFieldIds } from '../../ui/Field';
import { filtered } from '../../ui/form';

/** Digits of the national number: a pasted +44 or a leading 0 (07...) is dropped, at most 10 digits. */
export function nationalNumber(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('44') && digits.length > 10) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** The mobile number after a fixed, read-only +44. */
export function PhoneField({ form }: { form: UseFormReturn<PersonalStepValues> }) {
  const { inputId, hintId, errorId } = useFieldIds();
  const error = form.formState.errors.phoneNumber?.message;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        Mobile number
      </label>
      <div className="phone-input">
        <input
          className="field__input phone-input__prefix"
          value={PHONE_PREFIX}
          readOnly
          tabIndex={-1}
          aria-label="Country code"
        />
        <input
          id={inputId}
          className="field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="7700 900123"
          maxLength={11}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, error ? errorId : undefined)}
          {...filtered(form.register('phoneNumber'), nationalNumber)}
        />
      </div>
      <p id={hintId} className="field__hint">
        UK mobile number, starting with 7
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
