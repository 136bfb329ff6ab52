import { STORAGE_KEYS } from './limits.ts';

/**
 * The one script the web app's HTML runs inline, before the page paints (decision 011): with a
 * session stored, it marks the document (`data-session`), and the stylesheet keeps a page the
 * build rendered (a signed-out visitor's view) hidden until the app has rendered the teacher's own.
 * The server allows exactly this script by its hash in the Content-Security-Policy.
 */
export const SESSION_MARK_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)}))document.documentElement.dataset.session=''}catch(e){}`;
