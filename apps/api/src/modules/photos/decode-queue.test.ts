import { describe, expect, it } from 'vitest';
import { DecodeQueue } from './decode-queue.js';

/** A task that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(name);
      await opened;
      return name;
    },
    open,
  };
}

describe('DecodeQueue', () => {
  it('runs at most `concurrency` tasks at once and serves waiting accounts in turn', async () => {
    const queue = new DecodeQueue(1);
    const started: string[] = [];
    const burst = [1, 2, 3].map((i) => gate(started, `burst-${i}`));
    const single = gate(started, 'other-1');

    const results = burst.map((g) => queue.run('burst', g.task));
    await Promise.resolve();
    const other = queue.run('other', single.task);
    expect(started).toEqual(['burst-1']);
    expect(queue.stats).toEqual({ running: 1, waitingAccounts: 2 });

    burst[0]!.open();
    await results[0];
    // burst-2 was waiting first; then the accounts take turns: the other account's photo before burst-3.
    await expect.poll(() => started).toEqual(['burst-1', 'burst-2']);
    burst[1]!.open();
    await results[1];
    await expect.poll(() => started).toEqual(['burst-1', 'burst-2', 'other-1']);
    single.open();
    burst[2]!.open();
    expect(await Promise.all([...results, other])).toEqual(['burst-1', 'burst-2', 'burst-3', 'other-1']);
    expect(queue.stats).toEqual({ running: 0, waitingAccounts: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const queue = new DecodeQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await queue.run('a', () => Promise.resolve('next'))).toBe('next');
  });
});
