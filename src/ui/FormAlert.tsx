import type { ReactNode } from 'react';

/** A form-level message (a server error under the form); announced when it appears. */
export function FormAlert({
  children,
  tone = 'error',
  id,
}: {
  children?: ReactNode;
  tone?: 'error' | 'success' | 'info';
  id?: string;
}) {
  if (!children) return null;
  return (
    <div id={id} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
