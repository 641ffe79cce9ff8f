import { runInAction } from 'mobx';
import { errorMessage } from '../api/http';

/** A form store's saving flag and the words of its last failure. */
export interface SavingState {
  saving: boolean;
  error: string | null;
}

/**
 * Runs a store's save: `saving` while it runs, the failure's words in `error` (reworded if asked), true when it
 * went through.
 */
export async function save(
  store: SavingState,
  work: () => Promise<void>,
  reword: (message: string) => string = (message) => message,
): Promise<boolean> {
  runInAction(() => {
    store.saving = true;
    store.error = null;
  });
  try {
    await work();
    return true;
  } catch (error) {
    runInAction(() => {
      store.error = reword(errorMessage(error));
    });
    return false;
  } finally {
    runInAction(() => {
      store.saving = false;
    });
  }
}
