import { z } from 'zod';

// In a browser, zod would probe `new Function` for its faster validators, which the web app's
// Content Security Policy forbids: the browser reports the probe on every page that validates.
// The server keeps them.
if ('document' in globalThis) z.config({ jitless: true });

/** zod, configured for where it runs: the contracts and the web app take it from here. */
export { z };
