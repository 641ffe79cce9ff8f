import { makeAutoObservable, observableRef } from 'mobx';

/** What the worker registration can do when the customer agrees to the new version. */
export interface WaitingWorker {
  /** Asks the waiting worker to take over; the page reloads once it controls the page. */
  activate(): void;
}

/** A new version waits until the customer presses Reload: nothing reloads under someone filling in a form. */
export class UpdateStore {
  waiting: WaitingWorker | null = null;
  reloading = false;

  constructor() {
    makeAutoObservable(this, { waiting: observableRef });
  }

  get available(): boolean {
    return this.waiting !== null && !this.reloading;
  }

  offer(worker: WaitingWorker): void {
    this.waiting = worker;
  }

  reload(): void {
    if (!this.waiting) return;
    this.reloading = true;
    this.waiting.activate();
  }
}
