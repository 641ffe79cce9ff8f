import { Suspense } from 'react';
import type { OverlayDefinition } from '../overlays/types';
import { ScreenBoundary } from '../ui/ScreenBoundary';
import { Spinner } from '../ui/Spinner';
import { StatusScreen } from '../ui/StatusScreen';

export const SCREEN_FAILED = 'This screen could not be opened. Please check your connection and try again.';

/** An overlay's screen as its frame shows it: a spinner while its code loads, Error with Retry if that or the screen fails. */
export function OverlayScreen({ definition, data }: { definition: OverlayDefinition; data: unknown }) {
  const Screen = definition.component;
  if (!Screen) return <p>This screen is not available yet.</p>;
  return (
    <ScreenBoundary
      onRetry={() => Screen.reload()}
      fallback={(retry) => (
        <StatusScreen icon="error" heading="Error" onPrimary={retry} primaryText="Retry">
          <p role="alert">{SCREEN_FAILED}</p>
        </StatusScreen>
      )}
    >
      <Suspense fallback={<Spinner />}>
        <Screen data={data} />
      </Suspense>
    </ScreenBoundary>
  );
}
