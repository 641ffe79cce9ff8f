import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { CashierBalance, CashierLoadError, useSavedCard } from '../account/Cashier';
import { QUICK_PICKS, WALLET_NAMES, type Wallet } from '../../contract/payments';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { QuickPicks } from '../../ui/QuickPicks';
import { Spinner } from '../../ui/Spinner';
import { SubmitButton } from '../../ui/SubmitButton';
import { filtered, useZodForm } from '../../ui/form';
import { formatPence } from '../../contract/rules/money';
import { cleanDepositInput, depositFormSchema } from './amount';
import { DepositOutcome } from './DepositOutcome';
import { useDepositFlow } from './useDepositFlow';
import { availableWallets } from './wallets';
import './deposit.css';

/** '£35.00 left under your daily deposit limit', or, when the amount typed is more, that it will be refused. */
function limitHint({ kind, remaining }: { kind: string; remaining: number }, amount: number): string {
  const left = formatPence(remaining);
  if (amount > remaining)
    return `This is more than the ${left} your ${kind.toLowerCase()} deposit limit leaves, so it would be refused.`;
  return `${left} left under your ${kind.toLowerCase()} deposit limit.`;
}

const OFFLINE_DEPOSIT = 'You are offline. Deposits need a connection.';

/** The deposit screen of spec 001: amount, saved or new card, then the outcome. */
export const DepositForm = observer(function DepositForm() {
  const { session, network, limits } = useStores();
  const flow = useDepositFlow();
  const card = useSavedCard();
  const { register, handleSubmit, setValue, watch, formState } = useZodForm(depositFormSchema, {
    defaultValues: { amount: '', card: 'new', storeCard: false },
  });
  const hasSavedCard = Boolean(card.data?.maskedPan);
  useEffect(() => {
    if (hasSavedCard) setValue('card', 'saved');
  }, [hasSavedCard, setValue]);
  const userId = session.user?.id ?? card.data?.userId;
  // What the limits leave is shown before submitting, so a deposit is not refused for a reason the form knew.
  useEffect(() => {
    if (network.online && session.isLoggedIn) void limits.load();
  }, [network.online, session.isLoggedIn, limits]);
  const headroom = limits.tightest;
  const [wallets, setWallets] = useState<Wallet[]>([]);
  useEffect(() => {
    let current = true;
    void availableWallets().then((found) => current && setWallets(found));
    return () => {
      current = false;
    };
  }, []);
  const amountInput = watch('amount');
  const useSaved = watch('card') === 'saved' && hasSavedCard;

  const onSubmit = handleSubmit((values) => {
    if (!network.online || userId === undefined) return;
    const savedCard = values.card === 'saved' && hasSavedCard;
    flow.start(userId, { amount: values.amount, storeCard: !savedCard && values.storeCard }, savedCard);
  });
  const payWith = (wallet: Wallet) =>
    handleSubmit((values) => {
      if (!network.online || userId === undefined) return;
      flow.startWallet(userId, wallet, values.amount);
    });

  if (flow.step.name !== 'form') {
    return (
      <DepositOutcome
        step={flow.step}
        onTryAgain={() => (network.online ? flow.tryAgain() : flow.backToForm())}
        onCancelPopup={() => flow.cancelPopup()}
        onBackToForm={flow.backToForm}
        onRefresh={flow.refresh}
      />
    );
  }
  if (network.online && card.isPending) return <Spinner />;
  if (network.online && card.isError) return <CashierLoadError card={card} />;

  return (
    <form className="form deposit-form" onSubmit={onSubmit} noValidate>
      <CashierBalance testId="deposit-balance" />
      {!network.online && <FormAlert tone="info">{OFFLINE_DEPOSIT}</FormAlert>}
      {flow.step.notice && <FormAlert tone="info">{flow.step.notice}</FormAlert>}
      <Field
        label="Deposit amount (£)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        error={formState.errors.amount?.message}
        hint={
          headroom ? limitHint(headroom, amountInput === '' ? 0 : Math.round(Number(amountInput) * 100)) : undefined
        }
        {...filtered(register('amount'), cleanDepositInput)}
      />
      <QuickPicks
        amounts={[...QUICK_PICKS]}
        selected={amountInput === '' ? undefined : Number(amountInput) * 100}
        label="Quick deposit amounts"
        onPick={(amount) => setValue('amount', String(amount / 100), { shouldValidate: true })}
      />
      {hasSavedCard && (
        <fieldset className="field deposit-form__cards">
          <legend className="field__label">Pay with</legend>
          <label className="checkbox">
            <input type="radio" value="saved" {...register('card')} />
            <span>Saved card {card.data?.maskedPan}</span>
          </label>
          <label className="checkbox">
            <input type="radio" value="new" {...register('card')} />
            <span>A new card</span>
          </label>
        </fieldset>
      )}
      {!useSaved && (
        <label className="checkbox">
          <input type="checkbox" {...register('storeCard')} />
          <span>Save this card for future deposits</span>
        </label>
      )}
      <SubmitButton disabled={!network.online || userId === undefined}>Deposit</SubmitButton>
      {wallets.length > 0 && (
        <div className="deposit-form__wallets" role="group" aria-label="Or pay with a wallet">
          {wallets.map((wallet) => (
            <button
              key={wallet}
              type="button"
              className={`button button--block deposit-form__wallet deposit-form__wallet--${wallet}`}
              disabled={!network.online || userId === undefined}
              onClick={(event) => void payWith(wallet)(event)}
            >
              Deposit with {WALLET_NAMES[wallet]}
            </button>
          ))}
        </div>
      )}
    </form>
  );
});
