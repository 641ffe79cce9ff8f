import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../api/http';

export type RequestStatus = 'idle' | 'loading' | 'success' | 'error';

/**
 * One request's life (idle, loading, success, error; the error is the returned text), for forms that send
 * something once. `describe` turns a failure into the words shown, when a screen needs its own mapping.
 */
export function useRequest<Args extends unknown[], Result>(
  send: (...args: Args) => Promise<Result>,
  describe: (error: unknown) => string = errorMessage,
) {
  const [status, setStatus] = useState<RequestStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const describeRef = useRef(describe);
  describeRef.current = describe;

  const run = useCallback(async (...args: Args): Promise<Result | undefined> => {
    setStatus('loading');
    setError(null);
    try {
      const result = await sendRef.current(...args);
      setStatus('success');
      return result;
    } catch (caught) {
      setError(describeRef.current(caught));
      setStatus('error');
      return undefined;
    }
  }, []);

  const reset = useCallback(() => {
    setStatus('idle');
    setError(null);
  }, []);

  return { status, error, loading: status === 'loading', run, reset };
}
