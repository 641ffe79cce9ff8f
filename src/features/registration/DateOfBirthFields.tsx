import type { FocusEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PersonalStepValues } from '../../contract/registration';
import { describedBy, FieldError, useFieldIds } from '../../ui/Field';
import { filtered } from '../../ui/form';

const digitsOnly = (value: string) => value.replace(/\D/g, '');
/** On blur a single-digit day or month gets a leading zero. */
export const zeroPad = (value: string) => (/^\d$/.test(value) ? `0${value}` : value);

/** The schema's one-word messages ('DD', 'MM', 'YYYY' of the specification), said as sentences that keep those words. */
const PART_SENTENCES: Record<string, string> = {
  DD: 'Enter the day as DD, a number from 1 to 31.',
  MM: 'Enter the month as MM, a number from 1 to 12.',
  YYYY: 'Enter the year as YYYY, four digits from 1900.',
};
export const dateMessage = (message: string | undefined) =>
  message ? (PART_SENTENCES[message] ?? message) : undefined;

type Part = 'day' | 'month' | 'year';
const PARTS: Array<{ part: Part; label: string; placeholder: string; maxLength: number; autoComplete: string }> = [
  { part: 'day', label: 'Day', placeholder: 'DD', maxLength: 2, autoComplete: 'bday-day' },
  { part: 'month', label: 'Month', placeholder: 'MM', maxLength: 2, autoComplete: 'bday-month' },
  { part: 'year', label: 'Year', placeholder: 'YYYY', maxLength: 4, autoComplete: 'bday-year' },
];

/** Date of birth as three boxes (DD, MM, YYYY), digits only; the whole date's message shows under them. */
export function DateOfBirthFields({ form }: { form: UseFormReturn<PersonalStepValues> }) {
  const { register, setValue, trigger, getValues, formState } = form;
  const { inputId, errorId } = useFieldIds();
  const errors = formState.errors.dateOfBirth;
  const message = dateMessage(
    errors?.message ?? errors?.day?.message ?? errors?.month?.message ?? errors?.year?.message,
  );

  return (
    <fieldset className="field date-of-birth" aria-describedby={describedBy(message ? errorId : undefined)}>
      <legend className="field__label">Date of birth</legend>
      <div className="date-of-birth__boxes">
        {PARTS.map(({ part, label, placeholder, maxLength, autoComplete }) => {
          const registration = filtered(register(`dateOfBirth.${part}`), digitsOnly);
          const partError = errors?.[part]?.message;
          return (
            <div key={part} className={`date-of-birth__box date-of-birth__box--${part}`}>
              <label className="field__hint" htmlFor={`${inputId}-${part}`}>
                {label}
              </label>
              <input
                {...registration}
                id={`${inputId}-${part}`}
                className="field__input"
                inputMode="numeric"
                autoComplete={autoComplete}
                placeholder={placeholder}
                maxLength={maxLength}
                aria-invalid={partError || errors?.message ? true : undefined}
                aria-describedby={describedBy(message ? errorId : undefined)}
                onBlur={async (event: FocusEvent<HTMLInputElement>) => {
                  if (part !== 'year') {
                    const padded = zeroPad(event.target.value);
                    if (padded !== event.target.value) setValue(`dateOfBirth.${part}`, padded);
                  }
                  await registration.onBlur(event);
                  const { day, month, year } = getValues('dateOfBirth') ?? {};
                  // The whole date (real calendar date, 18 or over) is judged once every box has something in it.
                  if (day && month && year) await trigger('dateOfBirth');
                }}
              />
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} error={message} />
    </fieldset>
  );
}
