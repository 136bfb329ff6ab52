/** The longest wait for an idle moment before running anyway (a busy page is never idle). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * How long after the load event (or after the call, once loaded) before waiting for an idle moment:
 * what the page has just rendered is on screen a frame or two after it is painted, and its own
 * requests come first.
 */
const SETTLE_MS = 500;

/**
 * Runs `task` once the page has loaded, what it shows is on screen, and the browser is idle: for
 * work the screen does not need, such as fetching code a click may need later, so it never
 * competes with what the page loads to show itself.
 */
export function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => {
    // the page may be gone by then (a test's document torn down while the timer waited)
    if (typeof window === 'undefined') return;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(task, 0);
  };
  const afterSettling = () => window.setTimeout(whenIdle, SETTLE_MS);
  if (document.readyState === 'complete') afterSettling();
  else window.addEventListener('load', afterSettling, { once: true });
}
