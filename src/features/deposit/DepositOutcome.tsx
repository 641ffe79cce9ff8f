import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { formatPence } from '../../contract/rules/money';
import { Spinner } from '../../ui/Spinner';
import { StatusScreen } from '../../ui/StatusScreen';
import type { DepositStep } from './useDepositFlow';

const LIMIT_TEXT = 'Deposit Failed – This amount will take you over your set deposit limit';
const FAILED_TEXT =
  'Deposit Failed – Sorry there was a problem with your deposit. Please try again or contact customer services';

/**
 * The specification's sentence is 'Deposit Failed – <what happened>': its first part is the screen's one title
 * and the rest its text, so the title is not said twice.
 */
function splitTitle(text: string): { title: string; body: string } {
  const [title = text, ...rest] = text.split(' – ');
  return { title, body: rest.join(' – ') };
}

const limitOutcome = splitTitle(LIMIT_TEXT);

/** The server's figures after 'Daily limit exceeded.': how much may still be deposited, and when that grows. */
const limitHeadroom = (message: string) => message.replace(LIMIT_REFUSAL_PREFIX, '').trim();
const LIMIT_REFUSAL_PREFIX = /^\w+ limit exceeded\.?/;
const failedOutcome = splitTitle(FAILED_TEXT);

interface DepositOutcomeProps {
  step: Exclude<DepositStep, { name: 'form' }>;
  onTryAgain: () => void;
  onCancelPopup: () => void;
  onBackToForm: () => void;
  onRefresh: () => void;
}

/** Every deposit screen after the form: waiting, success with the new balance, and the three failures of spec 001. */
export const DepositOutcome = observer(function DepositOutcome({
  step,
  onTryAgain,
  onCancelPopup,
  onBackToForm,
  onRefresh,
}: DepositOutcomeProps) {
  const { balance, overlays, limits } = useStores();
  switch (step.name) {
    case 'sending':
      return <Spinner label="Processing your deposit" />;
    case 'popup':
      return (
        <div className="status-screen" role="status">
          <Spinner label="Waiting for the payment" />
          <p>Complete your payment in the window that has opened.</p>
          <button type="button" className="button button--block" onClick={onCancelPopup}>
            Cancel
          </button>
        </div>
      );
    case 'success':
      return (
        <StatusScreen icon="success" heading="Deposit Successful" onPrimary={() => overlays.close()} primaryText="Done">
          <p>
            Your new balance is{' '}
            <strong data-testid="deposit-new-balance">{formatPence(balance.balance, balance.currency)}</strong>
          </p>
        </StatusScreen>
      );
    case 'limit':
      return (
        <StatusScreen
          icon="error"
          heading={limitOutcome.title}
          onPrimary={() => overlays.open('account_responsible-gambling_deposit-limits')}
          primaryText="Deposit Limits"
          onCancel={() => {
            onRefresh();
            void limits.load();
            onBackToForm();
          }}
        >
          <p role="alert">{limitOutcome.body}</p>
          {step.message && limitHeadroom(step.message) && (
            <p data-testid="deposit-limit-headroom">{limitHeadroom(step.message)}</p>
          )}
        </StatusScreen>
      );
    case 'failed':
      return (
        <StatusScreen
          icon="error"
          heading={failedOutcome.title}
          onPrimary={onBackToForm}
          primaryText="Try Again"
          onCancel={() => overlays.open('account')}
        >
          {step.reason && (
            <p className="deposit-outcome__reason" data-testid="deposit-failed-reason">
              Reason: <strong>{step.reason}</strong>
            </p>
          )}
          <p role="alert">{failedOutcome.body}</p>
        </StatusScreen>
      );
    case 'error':
      return (
        <StatusScreen
          icon="error"
          heading="Error"
          onPrimary={onTryAgain}
          primaryText="Try again"
          onCancel={onBackToForm}
        >
          <p role="alert">{step.message}</p>
        </StatusScreen>
      );
  }
});
