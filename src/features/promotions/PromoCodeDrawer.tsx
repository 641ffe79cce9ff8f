import { useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { promotionsApi } from '../../api/promotions';
import { HttpError } from '../../api/http';
import { PROMO_FAILED, promoCodeForm, type Promotion } from '../../contract/promotions';
import { formatDate } from '../../lib/dates';
import { useZodForm } from '../../ui/form';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { SubmitButton } from '../../ui/SubmitButton';
import { StatusScreen } from '../../ui/StatusScreen';
import './promotions.css';

const PROMOTIONS_UNAVAILABLE = 'The current promotions cannot be shown right now.';
const NO_PROMOTIONS = 'There are no promotions running right now.';

/**
 * What the customer reads when a code is refused: the server's reason when it gave one (unknown, already used,
 * verify first); the specification's generic text only when there is no reason to give (no answer, a server fault).
 */
function promoFailureMessage(error: unknown): string {
  const refused =
    error instanceof HttpError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401;
  return refused && error.message ? error.message : PROMO_FAILED;
}

/** account_promo-code: the code field, and the promotions running now with their codes. */
export default function PromoCodeDrawer(_props: OverlayProps) {
  const { http } = useStores();
  const api = useMemo(() => promotionsApi(http), [http]);
  const form = useZodForm(promoCodeForm, { defaultValues: { promo_code: '' } });
  const submit = useMutation({ mutationFn: (code: string) => api.apply(code) });
  const current = useQuery({ queryKey: ['promotions', 'current'], queryFn: api.current });

  if (submit.data) {
    return (
      <StatusScreen
        icon="success"
        heading="Promo code accepted"
        primaryText="Enter another code"
        onPrimary={() => {
          submit.reset();
          form.reset();
        }}
      >
        <p role="status">{submit.data.message}</p>
      </StatusScreen>
    );
  }
  return (
    <div className="promo-code">
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values.promo_code))}>
        <Field
          label="Promo code"
          autoComplete="off"
          autoCapitalize="characters"
          {...form.register('promo_code')}
          error={form.formState.errors.promo_code?.message}
        />
        {submit.isError && <FormAlert>{promoFailureMessage(submit.error)}</FormAlert>}
        <SubmitButton loading={submit.isPending} loadingText="Submitting...">
          Submit
        </SubmitButton>
      </form>
      <section aria-labelledby="current-promotions">
        <h3 id="current-promotions">Current promotions</h3>
        {current.isPending ? (
          <Spinner label="Loading the current promotions" />
        ) : current.isError ? (
          <p className="field__hint">{PROMOTIONS_UNAVAILABLE}</p>
        ) : current.data.length === 0 ? (
          <p className="field__hint">{NO_PROMOTIONS}</p>
        ) : (
          <ul className="promo-code__list">
            {current.data.map((promotion) => (
              <PromotionItem
                key={promotion.code}
                promotion={promotion}
                onUse={() => form.setValue('promo_code', promotion.code, { shouldValidate: true })}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PromotionItem({ promotion, onUse }: { promotion: Promotion; onUse: () => void }) {
  return (
    <li className="promo-code__item" data-testid="current-promotion">
      <strong>{promotion.title}</strong>
      {promotion.description && <span>{promotion.description}</span>}
      <span className="promo-code__terms" data-testid="promotion-terms">
        Terms: {promotion.terms}
      </span>
      {promotion.endsAt && <span className="field__hint">Ends {formatDate(promotion.endsAt)}</span>}
      <button type="button" className="button button--link" onClick={onUse}>
        Use code {promotion.code}
      </button>
    </li>
  );
}
