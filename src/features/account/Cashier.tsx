import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { errorMessage } from '../../api/http';
import { StatusScreen } from '../../ui/StatusScreen';
import { BalanceAmount, BalanceNotice } from './BalanceNotice';
import './account.css';

/** The saved card the deposit and withdraw screens offer (one query, shared by both). */
export function useSavedCard() {
  const { http, network } = useStores();
  const api = useMemo(() => paymentsApi(http), [http]);
  return useQuery({ queryKey: paymentKeys.card(), queryFn: api.card, enabled: network.online });
}

/** The current balance at the top of a cashier screen (UK RTS 1: the customer sees it where money moves). */
export const CashierBalance = observer(function CashierBalance({ testId }: { testId: string }) {
  return (
    <>
      <p className="cashier__balance">
        <span>Balance</span> <BalanceAmount testId={testId} />
      </p>
      <BalanceNotice />
    </>
  );
});

/** Spec 001: balance or card load errors show the Error screen with Retry, their messages joined with ' | '. */
export const CashierLoadError = observer(function CashierLoadError({
  card,
}: {
  card: Pick<ReturnType<typeof useSavedCard>, 'error' | 'refetch'>;
}) {
  const { balance } = useStores();
  const message = [...new Set([balance.error, errorMessage(card.error)])].filter(Boolean).join(' | ');
  const retry = () => {
    void card.refetch();
    if (balance.error !== null) void balance.fetch();
  };
  return (
    <StatusScreen icon="error" heading="Error" onPrimary={retry} primaryText="Retry">
      <p role="alert">{message}</p>
    </StatusScreen>
  );
});
