import { useCallback, useEffect, useRef } from 'react';

/**
 * A signal aborted when the component unmounts, to cancel what it started (e.g. a streamed
 * answer). Call the returned function when starting the work.
 */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    // (re)mounted: a fresh controller unless one was handed out before this effect ran
    const current =
      controller.current && !controller.current.signal.aborted
        ? controller.current
        : new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
