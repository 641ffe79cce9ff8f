import { useEffect, useState } from 'react';

/** A module asked for once and kept; a failed load is forgotten, so the next ask fetches it afresh. */
export interface LaterModule<Module> {
  /** The module once it is there. */
  readonly module: Module | null;
  load(): Promise<Module>;
}

export function laterModule<Module>(fetchCode: () => Promise<Module>): LaterModule<Module> {
  let loading: Promise<Module> | null = null;
  const later = {
    module: null as Module | null,
    load: () =>
      (loading ??= fetchCode().then(
        (module) => (later.module = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
  return later;
}

/**
 * A module's code for a component that renders without it first: null until it is there, `failed` if it could not
 * be fetched (`retry` asks again). Unlike React.lazy nothing suspends: a Suspense boundary reveals content that
 * arrives just after its fallback up to 300 ms late (React's throttle), and the sportsbook frame's start waited on it.
 */
export function useLaterModule<Module>(later: LaterModule<Module>): {
  module: Module | null;
  failed: boolean;
  retry: () => void;
} {
  const [module, setModule] = useState(later.module);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let cancelled = false;
    later.load().then(
      (loaded) => !cancelled && setModule(() => loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [later, module, attempt]);
  return {
    module,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}
