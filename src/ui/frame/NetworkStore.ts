import { Observable } from './Observable';

export class NetworkStore extends Observable {
  online: boolean;

  constructor(target: Pick<Window, 'addEventListener'> | undefined, initial: boolean) {
    super();
    this.online = initial;
    target?.addEventListener('online', () => this.set(true));
    target?.addEventListener('offline', () => this.set(false));
  }

  set(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.changed();
  }
}
