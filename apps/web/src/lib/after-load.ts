/** The longest wait for an idle moment before running anyway (a busy page is never idle). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page's load event has fired, what is rendered now has been painted, and
 * the browser is idle: for work the screen does not need, such as fetching code a click may need
 * later, so it never competes with what the page loads to show itself.
 */
export function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(task, 0);
  };
  // a timer set in an animation frame fires after that frame is painted
  const afterPaint = () => window.requestAnimationFrame(() => window.setTimeout(whenIdle, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}
