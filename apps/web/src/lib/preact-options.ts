import { options } from 'preact';

// Preact runs effects after the next paint; React runs them as soon as a render from a click or a
// key is committed. A dialog's Escape and outside-click listeners are effects: deferred, a key
// pressed just as a dialog appears would be lost. Run them as soon as the render is committed.
// (decision 010)
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
