import type { ReactNode } from 'react';

/** The form's submit button: disabled and relabelled ('Updating...') while the request runs. */
export function SubmitButton({ loading, loadingText, children, disabled }: { loading?: boolean; loadingText?: string; children: ReactNode; disabled?: boolean }) {
  return (
    // Keeping focus in the field on mousedown stops its blur validation from adding or removing an error
    // above the button mid-click, which moved the button away and lost the click; submit validates anyway.
    <button type="submit" className="button button--primary button--block" disabled={disabled || loading} aria-busy={loading || undefined} onMouseDown={(event) => event.preventDefault()}>
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
