import { Component, type ReactNode } from 'react';

interface ScreenBoundaryProps {
  children: ReactNode;
  /** What shows instead of a screen that failed; `retry` calls onRetry and renders the screen again. */
  fallback: (retry: () => void) => ReactNode;
  /** Run before the screen renders again: a RetryableLazy's reload, so its code is fetched afresh. */
  onRetry?: () => void;
  /** A change of it (another page) clears a failure, without remounting what did not fail. */
  resetKey?: unknown;
}

/**
 * Keeps a screen that failed (its code did not load, or it threw) to its own place on the page, with a way to try
 * again: without a boundary React unmounts the whole app, leaving the customer a blank page mid-task.
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  componentDidUpdate(previous: ScreenBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
