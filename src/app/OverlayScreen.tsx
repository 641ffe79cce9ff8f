import { Component, Suspense, type ReactNode } from 'react';
import type { OverlayDefinition } from '../overlays/types';
import { Spinner } from '../ui/Spinner';
import { StatusScreen } from '../ui/StatusScreen';

export const SCREEN_FAILED = 'This screen could not be opened. Please check your connection and try again.';

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/**
 * Keeps a screen that failed (its code did not load, or it threw) inside its own drawer, with Retry: without it React
 * unmounts the whole app, and the customer is left with a blank page mid-task.
 */
class ScreenBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatusScreen icon="error" heading="Error" onPrimary={this.retry} primaryText="Retry">
        <p role="alert">{SCREEN_FAILED}</p>
      </StatusScreen>
    );
  }
}

/** An overlay's screen as its frame shows it: a spinner while its code loads, Retry if that or the screen fails. */
export function OverlayScreen({ definition, data }: { definition: OverlayDefinition; data: unknown }) {
  const Screen = definition.component;
  if (!Screen) return <p>This screen is not available yet.</p>;
  return (
    <ScreenBoundary onRetry={() => Screen.reload()}>
      <Suspense fallback={<Spinner />}>
        <Screen data={data} />
      </Suspense>
    </ScreenBoundary>
  );
}
