// Entry point of the extraction worker threads (piscina). Worker threads do not inherit a
// loader registered with `register()` in the main thread, so this plain-JS file registers
// tsx itself and then loads the TypeScript implementation.
import { register } from 'tsx/esm/api';

register();
const { handleTask } = await import('./task.ts');

export default handleTask;
