/**
 * Image decodes take a CPU, a libuv worker thread and up to a few hundred MB each. This queue
 * lets `concurrency` of them run at once in the process, and serves waiting accounts in turn
 * (round robin): one account's burst of uploads waits behind itself, not in front of everyone
 * else's single photo, and logins (argon2 runs on the same worker threads) still find a free one.
 */
export class DecodeQueue {
  private running = 0;
  /** Waiting tasks per account; the Map's order is the turn order. */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly concurrency: number) {}

  /** Runs `task` when a slot is free and it is `account`'s turn. */
  async run<T>(account: string, task: () => Promise<T>): Promise<T> {
    await this.turn(account);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Decodes running now and accounts waiting (for tests and the memory breakdown). */
  get stats(): { running: number; waitingAccounts: number } {
    return { running: this.running, waitingAccounts: this.waiting.size };
  }

  private turn(account: string): Promise<void> {
    if (this.running < this.concurrency && this.waiting.size === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(account);
      if (queue) queue.push(resolve);
      else this.waiting.set(account, [resolve]);
    });
  }

  private release(): void {
    this.running -= 1;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [account, queue] = first.value;
    const next = queue.shift()!;
    // Re-inserting sends this account to the back of the turn order.
    this.waiting.delete(account);
    if (queue.length > 0) this.waiting.set(account, queue);
    this.running += 1;
    next();
  }
}
