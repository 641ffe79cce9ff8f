import { useEffect } from 'react';
import { reaction } from 'mobx';
import { useStores } from '../../stores/context';
import { whenIdle } from './idle';

/** Keeps every legal and help document on the device: after load in idle time, and again when the connection returns. */
export function usePrefetchDocuments(): void {
  const { content, network } = useStores();
  useEffect(() => {
    const prefetch = () => whenIdle(() => void content.prefetchAll().catch(() => undefined));
    if (network.online) prefetch();
    return reaction(
      () => network.online,
      (online) => {
        if (online) prefetch();
      },
    );
  }, [content, network]);
}
