import { useEffect, useRef } from 'react';
import type { TwoStepEnrolment } from '../../contract/auth';
import { useStores } from '../../stores/context';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { confirmTwoStepForm } from './schemas';

/** The key in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan the QR code (or type the key), then confirm with the first code the app shows. */
export function EnrolTwoStep({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: TwoStepEnrolment;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { api } = useStores();
  const confirm = useRequest(api.confirmTwoStep);
  const { register, handleSubmit, formState } = useZodForm(confirmTwoStepForm, { defaultValues: { code: '' } });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that led here is gone: the steps' heading takes the focus, so they are read first.
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    const confirmed = await confirm.run(code);
    if (confirmed) onEnabled(confirmed.recoveryCodes);
  });

  return (
    <form className="form security" onSubmit={onSubmit} noValidate aria-label="Turn on two-step sign-in">
      <h3 ref={headingRef} tabIndex={-1} className="security__heading">
        Set up your authenticator app
      </h3>
      <ol className="security__steps">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code with it:</li>
      </ol>
      <img
        className="security__qr"
        src={enrolment.qrCode}
        width={240}
        height={240}
        alt="QR code to add ExSport to your authenticator app. If you cannot scan it, type the key shown below instead."
      />
      <p>
        Cannot scan? Type this key into the app instead:
        <br />
        <code className="security__key" data-testid="two-step-key">
          {grouped(enrolment.secret)}
        </code>
      </p>
      <Field
        label="Enter the 6-digit code the app now shows"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        spellCheck={false}
        {...register('code')}
        error={formState.errors.code?.message}
      />
      <FormAlert>{confirm.error}</FormAlert>
      <SubmitButton loading={confirm.loading} loadingText="Checking...">
        Confirm and turn on
      </SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
