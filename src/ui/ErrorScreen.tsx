import { StatusScreen } from './StatusScreen';

/** A failed request shown as a result screen, with the returned text and one way back. */
export function ErrorScreen({
  heading = 'Something went wrong',
  message,
  onBack,
  backText = 'Back',
}: {
  heading?: string;
  message: string;
  onBack: () => void;
  backText?: string;
}) {
  return (
    <StatusScreen icon="error" heading={heading} onPrimary={onBack} primaryText={backText}>
      <p role="alert">{message}</p>
    </StatusScreen>
  );
}
