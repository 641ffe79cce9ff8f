import type { ReactNode } from 'react';
import { ScreenBoundary } from '../../ui/ScreenBoundary';

export const PART_FAILED = 'This part of the page could not be loaded. Check your connection and try again.';

/** A lazily loaded part of the frame that failed stays in its place with Try again, instead of blanking the frame. */
export function LoadBoundary({
  parts,
  resetKey,
  children,
}: {
  parts: ReadonlyArray<{ reload(): void }>;
  resetKey?: unknown;
  children: ReactNode;
}) {
  return (
    <ScreenBoundary
      resetKey={resetKey}
      onRetry={() => parts.forEach((part) => part.reload())}
      fallback={(retry) => (
        <div className="empty-state" role="alert">
          <p>{PART_FAILED}</p>
          <button type="button" className="btn btn--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    >
      {children}
    </ScreenBoundary>
  );
}
