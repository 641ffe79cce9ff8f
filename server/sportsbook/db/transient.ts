/** PostgreSQL's codes for a statement that lost a race it may win if run again: a deadlock, a serialization failure. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

const isTransient = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && TRANSIENT_CODES.has(String((error as { code?: unknown }).code));

/**
 * Runs work again when the database chose it as a deadlock's or serialization's victim, up to `tries` times in all;
 * for work that is safe to repeat (it checks what is already done), whose failure would otherwise wait for a restart.
 */
export async function retryTransient<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isTransient(error)) throw error;
    }
  }
}
