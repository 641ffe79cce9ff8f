import { useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { UserProfile } from '../../contract/user';
import { personalDetailsForm, toUpdateDetails } from '../../contract/account';
import { PHONE_PREFIX } from '../../contract/registration';
import { accountKeys } from '../../api/account';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { filtered, useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { formatDate } from '../../lib/dates';
import { AddressLookup } from '../address/AddressLookup';
import { OfferChoice } from './OfferChoice';
import { OFFER_CHANNELS, formValuesFrom } from './details';
import { useAccountApi } from './useAccountApi';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 10);

/** Edit mode: names and date of birth shown read-only; phone, address and offers editable. */
export function PersonalDetailsForm({
  user,
  onSaved,
  onCancel,
}: {
  user: UserProfile;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { session } = useStores();
  const api = useAccountApi();
  const queryClient = useQueryClient();
  const form = useZodForm(personalDetailsForm, { mode: 'onBlur', defaultValues: formValuesFrom(user) });
  const { register, handleSubmit, formState, reset } = form;
  const request = useRequest(api.updateDetails);

  const onSubmit = handleSubmit(async (values) => {
    const updated = await request.run(toUpdateDetails(values, user.email));
    if (!updated) return;
    queryClient.setQueryData(accountKeys.details(), updated);
    await Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.details() }), session.loadUser()]);
    onSaved();
  });

  const cancel = () => {
    reset(formValuesFrom(user));
    onCancel();
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Edit personal details">
      <Field label="First name" value={user.firstName} readOnly />
      <Field label="Last name" value={user.lastName} readOnly />
      <Field label="Date of birth" value={formatDate(`${user.dateOfBirth}T00:00:00`)} readOnly />
      <div className="phone-field">
        <span className="phone-field__prefix" aria-hidden="true">
          {PHONE_PREFIX}
        </span>
        <Field
          label="Phone number"
          hint={`Your mobile number after ${PHONE_PREFIX}`}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          {...filtered(register('phoneNumber'), digitsOnly)}
          error={formState.errors.phoneNumber?.message}
        />
      </div>
      <AddressLookup form={form} />
      {OFFER_CHANNELS.map((channel) => (
        <OfferChoice
          key={channel.key}
          legend={`${channel.label} offers`}
          registration={register(`offers.${channel.key}`)}
          error={formState.errors.offers?.[channel.key]?.message}
        />
      ))}
      <FormAlert>{request.error}</FormAlert>
      <SubmitButton loading={request.loading} loadingText="Saving...">
        Save
      </SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}
