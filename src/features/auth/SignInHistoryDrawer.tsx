import { observer } from 'mobx-react-lite';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { Spinner } from '../../ui/Spinner';
import { RetryNotice } from '../../ui/RetryNotice';
import { errorMessage } from '../../api/http';
import { securityKeys } from './securityKeys';
import { formatSignInTime } from './signInTime';
import './security.css';

/** Account > Sign-In History: the latest sign-ins with time, device and place, so a customer can spot one that was not them. */
const SignInHistoryDrawer = observer(function SignInHistoryDrawer(_props: OverlayProps) {
  const { api, session, overlays } = useStores();
  const history = useQuery({ queryKey: securityKeys.signIns(), queryFn: api.signIns });

  if (history.isPending) return <Spinner label="Loading sign-in history" />;
  if (history.isError)
    return (
      <RetryNotice
        title="Your sign-in history cannot be shown"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  return (
    <div className="security">
      {session.previousSignInAt && (
        <p className="security__state">
          Before this visit, you last signed in on {formatSignInTime(session.previousSignInAt)}.
        </p>
      )}
      {history.data.signIns.length === 0 ? (
        <p>No sign-ins yet.</p>
      ) : (
        <ol className="sign-ins" aria-label="Latest sign-ins, newest first">
          {history.data.signIns.map((signIn, index) => (
            <li key={`${signIn.at}-${index}`} className="sign-ins__item">
              <time dateTime={signIn.at} className="sign-ins__time">
                {formatSignInTime(signIn.at)}
              </time>
              <span>{signIn.device}</span>
              <span className="sign-ins__place">{signIn.place ?? 'Place unknown'}</span>
              {index === 0 && <span className="badge badge--info">This sign-in</span>}
            </li>
          ))}
        </ol>
      )}
      <p>
        Do not recognise a sign-in? Change your password now, and turn on{' '}
        <button type="button" className="button button--link" onClick={() => overlays.open('account_two-step')}>
          two-step sign-in
        </button>
        .
      </p>
    </div>
  );
});

export default SignInHistoryDrawer;
