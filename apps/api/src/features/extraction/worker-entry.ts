// Entry point of the extraction worker threads in the compiled server (scripts/build-server.mjs
// bundles it to dist/extraction-worker.js); from source, worker.mjs loads task.ts through tsx.
import { handleTask } from './task.ts';

export default handleTask;
