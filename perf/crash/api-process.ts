import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The API as production runs it (`node apps/api/dist/server.js`, or its sources through tsx
 * with --source), on a fixed port so clients reach every restart at the same address. Its
 * output goes to a log file. `kill()` is SIGKILL: no shutdown hook runs.
 */
export class ApiProcess {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;
  /** Every API pid this run started (their socket directories are looked for at the end). */
  readonly pids: number[] = [];

  constructor(private readonly options: { root: string; env: Record<string, string>; baseUrl: string; logFile: string; source: boolean }) {
    this.log = createWriteStream(options.logFile, { flags: 'a' });
  }

  entry(): string[] {
    const { root, source } = this.options;
    if (source) return ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
    const built = path.join(root, 'apps/api/dist/server.js');
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first (or pass --source)`);
    return [built];
  }

  /** Starts the API and waits until /api/v1/health answers 200; answers how long that took (ms). */
  async start(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    const child = spawn(process.execPath, this.entry(), {
      cwd: this.options.root,
      env: { ...process.env, ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    if (child.pid) this.pids.push(child.pid);
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    let exited: number | null | undefined;
    child.once('exit', (code) => {
      exited = code;
    });
    while (Date.now() - started < timeoutMs) {
      if (exited !== undefined) throw new Error(`the API exited during start-up (code ${exited}); see ${this.options.logFile}`);
      try {
        const response = await fetch(`${this.options.baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the API did not become healthy within ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  /** The API's own child processes (the embedded database's), from /proc. */
  childPids(): number[] {
    const pid = this.child?.pid;
    if (!pid) return [];
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  }

  /**
   * SIGKILL to the API, and with `withChildren` to its database process in the same instant;
   * waits until the API is gone.
   */
  async kill(withChildren: boolean): Promise<number[]> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return [];
    const children = withChildren ? this.childPids() : [];
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (const pid of children) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
    await gone;
    return children;
  }

  /** SIGTERM: the API's own shutdown (closes the database cleanly). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(timer);
  }

  close(): void {
    this.log.end();
  }
}

/** A port free on 127.0.0.1 right now (the OS picks it), for an API process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
