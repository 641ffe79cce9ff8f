import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { SubmissionKeys, type Submission } from '../../api/idempotency';
import { errorMessage } from '../../api/http';
import {
  QUICK_PICKS,
  WITHDRAW_INPUT_MAX_LENGTH,
  WALLET_NAMES,
  WITHDRAW_TO_DEPOSIT_CARD_HINT,
  cardFieldsToCardInfo,
  type PayoutCard,
  type WithdrawRequest,
} from '../../contract/payments';
import { formatPence, penceToPoundsInput, poundsToPence } from '../../contract/rules/money';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { QuickPicks } from '../../ui/QuickPicks';
import { Spinner } from '../../ui/Spinner';
import { StatusScreen } from '../../ui/StatusScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { FormBlockers } from '../../ui/FormBlockers';
import { filtered, useZodForm } from '../../ui/form';
import { historyKeys } from '../history/query';
import { useSavedCard } from '../account/Cashier';
import {
  canSubmitWithdraw,
  cappedAtBalanceText,
  cleanWithdrawInput,
  withdrawBlockers,
  withdrawErrorMessage,
  WITHDRAW_NEEDS_AGREEMENT,
} from './rules';
import { digitsOnly, emptyWithdrawForm, withdrawFormSchema } from './form';

const OFFLINE_WITHDRAW = 'You are offline. Withdrawals need a connection.';
const NEW_CARD = 'new';

/** 'Visa card **** 4242 (Google Pay)': which card, and how it was paid from. */
const payoutCardLabel = (card: PayoutCard) =>
  [card.maskedPan, card.method === 'Card' ? '' : `(${WALLET_NAMES[card.method]})`, card.saved ? '(saved)' : '']
    .filter(Boolean)
    .join(' ');

type Step =
  | { name: 'form' }
  | { name: 'sending' }
  | { name: 'pending'; amount: number }
  | { name: 'error'; message: string; error: unknown };

/** The withdraw form: amount capped at the balance, the saved card or a new one, and the outcome. */
export const WithdrawForm = observer(function WithdrawForm() {
  const { http, db, balance, session, network } = useStores();
  const queryClient = useQueryClient();
  const api = useMemo(() => paymentsApi(http), [http]);
  const keys = useMemo(() => new SubmissionKeys(db.pendingSubmissions), [db]);
  const card = useSavedCard();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [changingCard, setChangingCard] = useState(false);
  // The cards deposited from, to choose one (withdrawals go back to the deposit method); a new card only when asked.
  const payoutCards = useQuery({
    queryKey: paymentKeys.payoutCards(),
    queryFn: api.payoutCards,
    enabled: network.online,
  });
  const [choice, setChoice] = useState<string | null>(null);
  const last = useRef<Submission<WithdrawRequest> | null>(null);

  // Each card field says what is wrong as soon as it is left, not only once the button lets a submit through.
  const { register, handleSubmit, setValue, watch, reset, formState } = useZodForm(withdrawFormSchema, {
    defaultValues: emptyWithdrawForm,
    mode: 'onTouched',
  });
  const [capped, setCapped] = useState(false);
  const blockersId = useId();
  const maskedPan = card.data?.maskedPan ?? null;
  const choices = payoutCards.data ?? [];
  const chosenId = choice ?? choices[0]?.cardId ?? NEW_CARD;
  const chosen = choices.find((candidate) => candidate.cardId === chosenId);
  // Without a card deposited from to list (or before the list loads), the saved card as the specification shows it.
  const newCard = choices.length ? !chosen : !maskedPan || changingCard;
  const codeRequired = chosen?.securityCodeRequired ?? false;
  useEffect(() => setValue('newCard', newCard), [newCard, setValue]);
  useEffect(() => setValue('codeRequired', codeRequired), [codeRequired, setValue]);
  const userId = session.user?.id ?? card.data?.userId;
  const amount = poundsToPence(watch('amount'));
  const agreed = watch('agreed');
  const canSubmit = network.online && canSubmitWithdraw({ amount, userId, newCard, agreed });
  const blockers = network.online ? withdrawBlockers({ amount, userId, newCard, agreed }) : [];
  // Before the balance is known nothing is capped: a cap of a made-up zero would erase what was typed.
  const ceiling = balance.known ? balance.balance : Number.POSITIVE_INFINITY;
  const clean = (typed: string) => {
    const cleaned = cleanWithdrawInput(typed, ceiling);
    setCapped(cleaned !== cleanWithdrawInput(typed, Number.POSITIVE_INFINITY));
    return cleaned;
  };

  const send = async (submission: Submission<WithdrawRequest>) => {
    last.current = submission;
    setStep({ name: 'sending' });
    try {
      const result = await keys.send(submission, (key, body) => api.withdraw(body, key));
      balance.set(result.balance);
      setStep({ name: 'pending', amount: submission.body.amount });
      reset(emptyWithdrawForm);
      setChangingCard(false);
      setChoice(null);
    } catch (error) {
      setStep({ name: 'error', message: withdrawErrorMessage(errorMessage(error)), error });
    } finally {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: historyKeys.user(userId) });
    }
  };

  const onSubmit = handleSubmit((values) => {
    const pence = poundsToPence(values.amount);
    if (!canSubmit || userId === undefined) return;
    const body: WithdrawRequest = {
      amount: pence,
      ...(values.newCard ? { cardInfo: cardFieldsToCardInfo(values) } : {}),
      ...(!values.newCard && chosen ? { cardId: chosen.cardId } : {}),
      ...(!values.newCard && chosen?.securityCodeRequired ? { securityCode: values.cvv } : {}),
    };
    void send(keys.create(userId, 'withdraw', body));
  });

  if (step.name === 'sending') return <Spinner label="Sending your withdrawal" />;
  if (step.name === 'pending') {
    return (
      <StatusScreen
        icon="success"
        heading="Withdraw Pending"
        onPrimary={() => setStep({ name: 'form' })}
        primaryText="Done"
      >
        <p>
          Your withdrawal of {formatPence(step.amount)} has been requested. It takes up to 24 hours to process, then 1
          to 3 business days to reach your bank.
        </p>
      </StatusScreen>
    );
  }
  if (step.name === 'error') {
    return (
      <StatusScreen
        icon="error"
        heading="Error"
        onPrimary={() =>
          last.current && network.online ? void send(keys.retry(last.current, step.error)) : setStep({ name: 'form' })
        }
        primaryText="Try again"
        onCancel={() => setStep({ name: 'form' })}
      >
        <p role="alert">{step.message}</p>
      </StatusScreen>
    );
  }
  if (network.online && card.isPending) return <Spinner />;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {!network.online && <FormAlert tone="info">{OFFLINE_WITHDRAW}</FormAlert>}
      <Field
        label="Withdraw amount (£)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        maxLength={WITHDRAW_INPUT_MAX_LENGTH}
        error={formState.errors.amount?.message}
        hint={capped ? cappedAtBalanceText(formatPence(ceiling, balance.currency)) : undefined}
        {...filtered(register('amount'), clean)}
      />
      <QuickPicks
        amounts={[...QUICK_PICKS]}
        selected={Number.isFinite(amount) ? amount : undefined}
        label="Quick withdraw amounts"
        onPick={(pick) => setValue('amount', clean(penceToPoundsInput(pick)), { shouldValidate: true })}
      />
      <fieldset className="withdraw-to">
        <legend className="field__label">Withdraw to</legend>
        {choices.length > 0 && (
          <div className="withdraw-to__choices" data-testid="withdraw-card-choices">
            {choices.map((option) => (
              <label key={option.cardId} className="checkbox">
                <input
                  type="radio"
                  name="withdraw-card"
                  checked={chosenId === option.cardId}
                  onChange={() => setChoice(option.cardId)}
                />
                <span>{payoutCardLabel(option)}</span>
              </label>
            ))}
            <label className="checkbox">
              <input type="radio" name="withdraw-card" checked={!chosen} onChange={() => setChoice(NEW_CARD)} />
              <span>A new card</span>
            </label>
          </div>
        )}
        {chosen ? (
          codeRequired && (
            <Field
              label="Security code"
              hint={`The card provider asks for the security code of ${chosen.maskedPan}.`}
              inputMode="numeric"
              autoComplete="cc-csc"
              error={formState.errors.cvv?.message}
              {...filtered(register('cvv'), digitsOnly(4))}
            />
          )
        ) : newCard ? (
          <>
            <p className="field__hint" data-testid="withdraw-card-rule">
              {WITHDRAW_TO_DEPOSIT_CARD_HINT}
            </p>
            <Field
              label="Name on card"
              autoComplete="cc-name"
              error={formState.errors.name?.message}
              {...register('name')}
            />
            <Field
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              error={formState.errors.cardNumber?.message}
              {...filtered(register('cardNumber'), digitsOnly(19))}
            />
            <div className="withdraw-to__row">
              <Field
                label="Expiry month (MM)"
                inputMode="numeric"
                autoComplete="cc-exp-month"
                placeholder="MM"
                error={formState.errors.expiryMM?.message}
                {...filtered(register('expiryMM'), digitsOnly(2))}
              />
              <Field
                label="Expiry year (YY)"
                inputMode="numeric"
                autoComplete="cc-exp-year"
                placeholder="YY"
                error={formState.errors.expiryYY?.message}
                {...filtered(register('expiryYY'), digitsOnly(2))}
              />
              <Field
                label="Security code"
                inputMode="numeric"
                autoComplete="cc-csc"
                error={formState.errors.cvv?.message}
                {...filtered(register('cvv'), digitsOnly(4))}
              />
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                {...register('agreed')}
                aria-describedby={!agreed && blockers.includes(WITHDRAW_NEEDS_AGREEMENT) ? blockersId : undefined}
              />
              <span>I agree to my card details being stored for withdrawals</span>
            </label>
            {maskedPan && !choices.length && (
              <button type="button" className="button button--link" onClick={() => setChangingCard(false)}>
                Use saved card {maskedPan}
              </button>
            )}
          </>
        ) : (
          <p className="withdraw-to__saved">
            <span data-testid="withdraw-saved-card">{maskedPan}</span>{' '}
            <button type="button" className="button button--link" onClick={() => setChangingCard(true)}>
              change card
            </button>
          </p>
        )}
      </fieldset>
      <SubmitButton disabled={!canSubmit} describedBy={blockers.length ? blockersId : undefined}>
        Withdraw
      </SubmitButton>
      <FormBlockers id={blockersId} blockers={blockers} testId="withdraw-blockers" />
    </form>
  );
});
