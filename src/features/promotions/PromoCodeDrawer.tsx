import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { promotionsApi } from '../../api/promotions';
import { HttpError } from '../../api/http';
import { PROMO_FAILED, promoCodeForm } from '../../contract/promotions';
import { useZodForm } from '../../ui/form';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { StatusScreen } from '../../ui/StatusScreen';

/** Why this code was refused, when the server knows (unknown, already used, not yet verified); otherwise nothing more. */
export function promoFailureReason(error: unknown): string | undefined {
  return error instanceof HttpError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : undefined;
}

/** account_promo-code */
export default function PromoCodeDrawer(_props: OverlayProps) {
  const { http } = useStores();
  const api = useMemo(() => promotionsApi(http), [http]);
  const form = useZodForm(promoCodeForm, { defaultValues: { promo_code: '' } });
  const submit = useMutation({ mutationFn: (code: string) => api.apply(code) });

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
  const reason = submit.isError ? promoFailureReason(submit.error) : undefined;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values.promo_code))}>
      <Field label="Promo code" autoComplete="off" autoCapitalize="characters" {...form.register('promo_code')} error={form.formState.errors.promo_code?.message} />
      {submit.isError && (
        <FormAlert>
          {PROMO_FAILED}
          {reason && <span className="promo-code__reason"> ({reason})</span>}
        </FormAlert>
      )}
      <SubmitButton loading={submit.isPending} loadingText="Submitting...">
        Submit
      </SubmitButton>
    </form>
  );
}
