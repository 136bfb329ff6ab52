import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

/** A task that finishes when told to, recording when it ran. */
function gate(log: string[], name: string) {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('KeyedQueue', () => {
  it("runs one key's tasks in turn, another key's alongside, and goes on after a failure", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const first = queue.run('a', a1.task);
    const failing = queue.run('a', async () => {
      log.push('start a-fail');
      throw new Error('boom');
    });
    const second = queue.run('a', a2.task);
    const other = queue.run('b', b1.task);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start a1', 'start b1']); // b does not wait for a
    a1.open();
    await expect(first).resolves.toBe('a1');
    await expect(failing).rejects.toThrow('boom');
    a2.open();
    b1.open();
    await expect(second).resolves.toBe('a2');
    await expect(other).resolves.toBe('b1');
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a-fail'));
    expect(log.indexOf('start a-fail')).toBeLessThan(log.indexOf('start a2'));
  });
});
