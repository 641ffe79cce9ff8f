import { useState } from 'react';
import { Field, type FieldProps } from './Field';

const SHOW_PASSWORD = 'Show password';
const HIDE_PASSWORD = 'Hide password';

/** A password Field with a show/hide toggle; the toggle's name says what it will do. */
export function PasswordInput({ autoComplete = 'current-password', ...props }: Omit<FieldProps, 'type' | 'action'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      action={
        <button
          type="button"
          className="button password-toggle"
          aria-label={visible ? HIDE_PASSWORD : SHOW_PASSWORD}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
