import { useSupportEmail } from '../../app/useSupportEmail';
import { EXCLUDED_BALANCE_TEXT, SUSPENDED_LOGIN_TEXT, type LoginError } from './loginError';

/** A refused sign-in in words: the server's, or the suspended and excluded texts with the support address. */
export function LoginErrorText({ error }: { error: LoginError }) {
  const supportEmail = useSupportEmail();
  if (error.kind === 'message') return <>{error.text}</>;
  if (error.kind === 'excluded') {
    return (
      <>
        <p>{error.text}</p>
        <p>
          {EXCLUDED_BALANCE_TEXT} at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </>
    );
  }
  return (
    <>
      {SUSPENDED_LOGIN_TEXT} at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
    </>
  );
}
