import { useQuery } from '@tanstack/react-query';
import { useStores } from '../stores/context';
import { registrationApi } from '../api/registration';
import { SUPPORT_EMAIL } from '../lib/support';
import { PUBLIC_QUERY } from './publicQuery';

/** The support mailbox from the server's configuration (SUPPORT_EMAIL), the built-in default until it answers. */
export function useSupportEmail(): string {
  const { http } = useStores();
  const { data } = useQuery({
    queryKey: ['client-config'],
    queryFn: () => registrationApi(http).config(),
    staleTime: Infinity,
    retry: 1,
    meta: PUBLIC_QUERY,
  });
  return data?.supportEmail ?? SUPPORT_EMAIL;
}
