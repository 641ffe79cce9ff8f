import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, useFieldIds } from '../../ui/Field';

/** One marketing channel as a yes/no radio pair in a fieldset. */
export function OfferChoice({
  legend,
  registration,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { inputId, errorId } = useFieldIds();
  return (
    <fieldset className="offer-choice" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {(['yes', 'no'] as const).map((value) => (
        <label key={value} className="offer-choice__option" htmlFor={`${inputId}-${value}`}>
          <input id={`${inputId}-${value}`} type="radio" value={value} {...registration} />
          {value === 'yes' ? 'Yes' : 'No'}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
