import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { accountApi, accountKeys } from '../../api/account';

export function useAccountApi() {
  const { http } = useStores();
  return useMemo(() => accountApi(http), [http]);
}

/** The signed-in customer's details, as the personal-details screens show them. */
export function useUserDetails() {
  const api = useAccountApi();
  return useQuery({ queryKey: accountKeys.details(), queryFn: api.userDetails });
}
