import type { ReactNode } from 'react';

/** The form's submit button: disabled and relabelled ('Updating...') while the request runs. */
export function SubmitButton({ loading, loadingText, children, disabled }: { loading?: boolean; loadingText?: string; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
