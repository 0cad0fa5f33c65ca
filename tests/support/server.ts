import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a server process answers `/api/ready` with 200 (it listens at once and answers 503 until its database
 * is open and migrated): fails at once when the process exits, and after `timeoutMs` (a loaded CI machine starts the
 * server — tsx, migrations, the demo seed — slowly). A process that did not become ready is stopped: it would
 * otherwise outlive the run and take the machine's cores from the next one.
 */
export async function waitUntilReady(baseURL: string, child: ChildProcess, { timeoutMs = 120_000, what = 'server' }: { timeoutMs?: number; what?: string } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
