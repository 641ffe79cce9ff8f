import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the input as correct (green), e.g. an e-mail in a valid shape. */
  valid?: boolean;
  /** Shown beside the input, e.g. a show/hide button or a lookup button. */
  action?: ReactNode;
  /** Extra class on the wrapper. */
  className?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Ids that tie a control to its hint and error, for controls that are not a plain input (date boxes, radios). */
export function useFieldIds(id?: string) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

/** Joins the ids of whichever hint and error are shown, for aria-describedby. */
export function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="field__hint">
      {hint}
    </p>
  );
}

/** A labelled input with its hint and error; accepts react-hook-form's `register(...)` spread (ref included). */
export function Field({ label, error, hint, valid, action, className, inputClassName, id, ref, ...input }: FieldProps) {
  const { inputId, hintId, errorId } = useFieldIds(id);
  const classes = ['field__input', valid && !error ? 'field__input--valid' : '', inputClassName ?? '']
    .filter(Boolean)
    .join(' ');
  const control = (
    <input
      {...input}
      ref={ref}
      id={inputId}
      className={classes}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(input['aria-describedby'], hint ? hintId : undefined, error ? errorId : undefined)}
    />
  );
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {action ? (
        <div className="input-with-action">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
