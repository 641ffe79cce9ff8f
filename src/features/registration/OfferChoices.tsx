import type { UseFormReturn } from 'react-hook-form';
import { OFFER_CHANNELS, REGISTRATION_MESSAGES, type PersonalStepValues } from '../../contract/registration';
import { FieldError, useFieldIds } from '../../ui/Field';

const CHANNEL_LABELS: Record<(typeof OFFER_CHANNELS)[number], string> = { email: 'Email', phone: 'Phone', sms: 'SMS' };

function OfferChoice({
  form,
  channel,
}: {
  form: UseFormReturn<PersonalStepValues>;
  channel: (typeof OFFER_CHANNELS)[number];
}) {
  const { errorId } = useFieldIds();
  const error = form.formState.errors.offers?.[channel]?.message;
  return (
    <fieldset className="offer-choice" aria-describedby={error ? errorId : undefined}>
      <legend>{CHANNEL_LABELS[channel]}</legend>
      <div className="offer-choice__options">
        {(['yes', 'no'] as const).map((value) => (
          <label key={value} className="offer-choice__option">
            <input
              type="radio"
              value={value}
              {...form.register(`offers.${channel}`)}
              aria-invalid={error ? true : undefined}
            />
            <span>{value === 'yes' ? 'Yes' : 'No'}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** The three offer choices (email, phone, SMS), each yes or no. */
export function OfferChoices({ form }: { form: UseFormReturn<PersonalStepValues> }) {
  const { errorId } = useFieldIds();
  const offers = form.formState.errors.offers;
  const summary =
    offers && !OFFER_CHANNELS.some((channel) => offers[channel])
      ? (offers.message ?? REGISTRATION_MESSAGES.offersSummary)
      : undefined;
  return (
    <fieldset className="field offers">
      <legend className="field__label">Would you like to receive offers by:</legend>
      {OFFER_CHANNELS.map((channel) => (
        <OfferChoice key={channel} form={form} channel={channel} />
      ))}
      <FieldError id={errorId} error={summary} />
    </fieldset>
  );
}
