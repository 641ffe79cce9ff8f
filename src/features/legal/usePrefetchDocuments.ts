import { useEffect } from 'react';
import { reaction } from 'mobx';
import { useStores } from '../../stores/context';

/**
 * Keeps every legal and help document on the device: once the first screen is up, in idle time, and again when the
 * connection returns.
 */
export function usePrefetchDocuments(): void {
  const { content, network, firstScreen } = useStores();
  useEffect(() => {
    const prefetch = () => firstScreen.afterwards(() => void content.prefetchAll().catch(() => undefined));
    if (network.online) prefetch();
    return reaction(
      () => network.online,
      (online) => {
        if (online) prefetch();
      },
    );
  }, [content, network, firstScreen]);
}
