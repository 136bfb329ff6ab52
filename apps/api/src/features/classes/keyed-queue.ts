/**
 * Runs the tasks of one key one after another in this process, tasks of other keys freely. A
 * waiting task holds nothing: used where a task takes a database lock, so that requests piling up
 * behind it do not each hold a pool connection while they wait (which starved the pool).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
