import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { registrationApi } from '../../api/registration';
import { browserTimers } from '../../stores/timers';
import { isPhoneUserAgent, MOBILE_MAX_WIDTH } from '../../lib/device';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { LimitQuestion } from '../limits/LimitQuestion';
import { RegistrationFlow } from './RegistrationFlow';
import { StepIndicator } from './StepIndicator';
import { EmailStep } from './EmailStep';
import { PasswordStep } from './PasswordStep';
import { PersonalStep } from './PersonalStep';
import { VerificationScreen } from './VerificationScreen';
import { forgetClickKey, readClickKey } from './clickKey';
import '../auth/auth.css';
import './registration.css';

const isDesktop = () => !isPhoneUserAgent(navigator.userAgent) && window.innerWidth > MOBILE_MAX_WIDTH;

/** The register drawer: email, password, personal details, identity verification, deposit limits, then register_deposit. */
const RegisterDrawer = observer(function RegisterDrawer() {
  const { http, session, overlays } = useStores();
  const [flow] = useState(() => {
    const api = registrationApi(http);
    return new RegistrationFlow({
      register: (body) => api.register(body),
      login: (credentials) => session.login(credentials),
      openWindow: (...args) => window.open(...args),
      messages: window,
      parentOrigin: window.location.origin,
      isDesktop,
      timers: browserTimers,
      clickKey: { read: () => readClickKey(localStorage), forget: () => forgetClickKey(localStorage) },
    });
  });
  useEffect(() => () => flow.dispose(), [flow]);

  const indicator = flow.indicatorIndex;
  return (
    <div className="registration" data-step={flow.step}>
      {indicator !== null && <StepIndicator current={indicator} />}
      {flow.step === 'email' && (
        <EmailStep
          defaultValues={flow.emailValues}
          onDone={(values) => flow.emailDone(values)}
          onLogin={() => overlays.open('login')}
        />
      )}
      {flow.step === 'password' && (
        <PasswordStep
          defaultValues={flow.passwordValues}
          onDone={(values) => flow.passwordDone(values)}
          onBack={() => flow.goTo('email')}
        />
      )}
      {flow.step === 'personal' && (
        <PersonalStep
          defaultValues={flow.personalValues}
          onSubmit={(values, typed) => {
            flow.keepPersonal(typed);
            void flow.submit(values);
          }}
          onBack={(typed) => {
            flow.keepPersonal(typed);
            flow.goTo('password');
          }}
        />
      )}
      {flow.step === 'verification' && <VerificationScreen flow={flow} />}
      {flow.step === 'limits' && <LimitQuestion onDone={() => overlays.open('register_deposit')} />}
      {flow.step === 'error' && flow.error && (
        <ErrorScreen
          heading={flow.error.heading}
          message={flow.error.message}
          onBack={() => flow.goTo(flow.error!.back)}
        />
      )}
    </div>
  );
});

export default RegisterDrawer;
