import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import type { LockAccountResponse } from '../../contract/safer-gambling';
import { StatusScreen } from '../../ui/StatusScreen';
import { lockedAlert } from './useLockAccount';
import { HELP_ORGANISATIONS } from './help';
import './safer-gambling.css';

const headingFor = (answer: LockAccountResponse) =>
  answer.until === null
    ? 'You have permanently self-excluded'
    : answer.kind === 'time-out'
      ? 'Your time out has started'
      : 'Your self-exclusion has started';

/** account-locked: after a time out or self-exclusion, what happens now and where to get help. The customer is already logged out. */
export default function AccountLockedDrawer({ data }: OverlayProps<LockAccountResponse>) {
  const { overlays } = useStores();
  if (!data) return null;
  return (
    <div className="account-locked">
      <StatusScreen icon="success" heading={headingFor(data)} onPrimary={() => overlays.close()} primaryText="Close">
        <p role="alert">{lockedAlert(data)}</p>
      </StatusScreen>
      <section aria-labelledby="locked-what-now">
        <h3 id="locked-what-now">What happens now</h3>
        <ul className="account-locked__list">
          <li>
            {data.until === null
              ? 'You cannot log in to this account again.'
              : 'You cannot log in, deposit or bet until it ends, and it cannot be cancelled or shortened.'}
          </li>
          <li>We will send you no marketing while your account is locked.</li>
          <li>Your balance stays yours: to have it returned to your card, contact customer support.</li>
        </ul>
      </section>
      <section aria-labelledby="locked-help">
        <h3 id="locked-help">Where to get help</h3>
        <ul className="account-locked__help">
          {HELP_ORGANISATIONS.map((organisation) => (
            <li key={organisation.name}>
              <a href={organisation.href} target="_blank" rel="noopener noreferrer">
                {organisation.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <span>{organisation.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
