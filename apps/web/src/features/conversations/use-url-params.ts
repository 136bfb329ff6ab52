import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The query string, and a setter that changes some keys in place (no new history entry). */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const replaceParams = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, replaceParams] as const;
}

/** The URL always names the class on screen, so a reload or a shared link shows the same one. */
export function useClassInUrl(
  name: string,
  shownId: string | undefined,
  replaceParams: (changes: Record<string, string | null>) => void,
  inUrl: string | null,
) {
  useEffect(() => {
    if (shownId && inUrl !== shownId) replaceParams({ [name]: shownId });
  }, [name, shownId, inUrl, replaceParams]);
}
