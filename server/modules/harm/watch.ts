import type { Trx } from '../wallet/ledger';
import type { CreditChecks } from './credit-checks';
import type { HarmService } from './service';

/**
 * What a money event tells the harm checks: inside its transaction only the cheap £150 test (a pending row);
 * after it commits, the markers and the bureau, off the request's path, so neither can hold a deposit up.
 */
export class HarmWatch {
  private work: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly harm: HarmService,
    private readonly creditChecks: CreditChecks,
    private readonly log: (error: unknown, message: string) => void = () => {},
  ) {}

  noteDeposit(trx: Trx, userId: number): Promise<boolean> {
    return this.creditChecks.noteDeposit(trx, userId);
  }

  /** After a deposit, limit change or other event has committed: looks for markers and asks the bureau about due checks. */
  afterCommit(userId: number): void {
    this.work = this.work
      .then(async () => {
        await this.harm.evaluate(userId);
        await this.creditChecks.runDue();
      })
      .catch((error: unknown) => this.log(error, 'harm checks after a deposit failed'));
  }

  /** Resolves once the work asked for so far has finished (tests, and a clean shutdown). */
  idle(): Promise<unknown> {
    return this.work;
  }
}
