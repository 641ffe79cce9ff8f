import { makeAutoObservable } from 'mobx';

/** Whether the browser believes it is online; money screens and the offline banner read it. */
export class NetworkStatus {
  online: boolean;
  private readonly update = () => this.set(globalThis.navigator?.onLine ?? true);

  constructor(
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.window,
  ) {
    this.online = globalThis.navigator?.onLine ?? true;
    makeAutoObservable<NetworkStatus, 'update' | 'target'>(this, { update: false, target: false });
    target?.addEventListener('online', this.update);
    target?.addEventListener('offline', this.update);
  }

  set(online: boolean): void {
    this.online = online;
  }

  dispose(): void {
    this.target?.removeEventListener('online', this.update);
    this.target?.removeEventListener('offline', this.update);
  }
}
