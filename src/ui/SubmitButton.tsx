import type { ReactNode } from 'react';

/** The form's submit button: disabled and relabelled ('Updating...') while the request runs. */
/** `tone="danger"` for what cannot be undone or locks the customer out (delete, time out, self-exclude). */
export function SubmitButton({
  loading,
  loadingText,
  children,
  disabled,
  tone = 'primary',
  describedBy,
}: {
  loading?: boolean;
  loadingText?: string;
  children: ReactNode;
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  describedBy?: string;
}) {
  return (
    // Keeping focus in the field on mousedown stops its blur validation from adding or removing an error
    // above the button mid-click, which moved the button away and lost the click; submit validates anyway.
    <button
      type="submit"
      className={`button button--${tone} button--block`}
      disabled={disabled || loading}
      aria-describedby={describedBy}
      aria-busy={loading || undefined}
      onMouseDown={(event) => event.preventDefault()}
    >
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
