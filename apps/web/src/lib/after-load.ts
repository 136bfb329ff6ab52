/** The longest wait for an idle moment before running anyway (a busy page is never idle). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page's load event has fired and the browser is idle: for work the first
 * screen does not need, such as fetching code a click may need later, so it never competes with
 * what the page loads to show itself.
 */
export function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
