import { RefreshCw, WifiOff } from 'lucide-react';

/**
 * A screen's data could not be loaded: what is missing, why in plain words, and a way to ask again.
 * Stands in for spinners that never end and for transport words such as 'Network Error'.
 */
export function RetryNotice({
  title,
  message,
  onRetry,
  retrying,
  testId,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  testId?: string;
}) {
  return (
    <div className="alert alert--warning retry-notice" role="alert" data-testid={testId}>
      <WifiOff aria-hidden="true" />
      <div className="retry-notice__body">
        <p>
          <strong>{title}</strong>
        </p>
        <p>{message}</p>
        {onRetry && (
          <button type="button" className="button button--secondary button--sm" onClick={onRetry} disabled={retrying}>
            <RefreshCw aria-hidden="true" />
            {retrying ? 'Trying again...' : 'Try again'}
          </button>
        )}
      </div>
    </div>
  );
}
