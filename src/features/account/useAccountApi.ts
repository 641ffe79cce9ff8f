import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { accountApi, accountKeys } from '../../api/account';
import { HttpError } from '../../api/http';

export function useAccountApi() {
  const { http } = useStores();
  return useMemo(() => accountApi(http), [http]);
}

/** A refusal (4xx) will not change on a second try; only transport and server failures are retried, once. */
const retryOnce = (failures: number, error: Error) =>
  !(error instanceof HttpError && error.status !== undefined && error.status < 500) && failures < 1;

/** The signed-in customer's details, as the personal-details screens show them. */
export function useUserDetails() {
  const api = useAccountApi();
  return useQuery({ queryKey: accountKeys.details(), queryFn: api.userDetails, retry: retryOnce });
}
