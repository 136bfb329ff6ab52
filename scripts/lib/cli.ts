import { InfrastructureError } from './api.ts';
import { stopServersOnSignal } from './server.ts';

/**
 * The shell of a runner script: parse the arguments (usage and exit 2 when they are wrong), stop
 * its servers on Ctrl-C, run, and turn a failure into one line and exit 1.
 */
export async function runCommand<Args>(command: {
  name: string;
  usage: string;
  parse: (argv: string[]) => Args | undefined;
  run: (args: Args) => Promise<void>;
}): Promise<number> {
  let args: Args | undefined;
  try {
    args = command.parse(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
  }
  if (!args) {
    console.error(command.usage);
    return 2;
  }
  stopServersOnSignal();
  try {
    await command.run(args);
    return 0;
  } catch (err) {
    const message = err instanceof InfrastructureError ? err.message : (err as Error).stack;
    console.error(`${command.name} failed: ${message}`);
    return 1;
  }
}
