import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * E2E_PROFILE=1: where a journey's time goes. Every Playwright call of a page, its locators and its request context
 * is timed (outermost calls only); each journey worker writes, after every call, the totals per method
 * (e2e-profile-<pid>.txt) and every call with its locator (e2e-calls-<pid>.txt) to the temporary folder.
 * A click that takes a second is the page's latency after a navigation, not Playwright's (~70 ms a click here).
 */
const totals = new Map<string, { n: number; ms: number }>();
const calls: string[] = [];
const patched = new Set<object>();
let depth = 0;

function dump(): void {
  const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms);
  writeFileSync(join(tmpdir(), `e2e-profile-${process.pid}.txt`), rows.map(([name, { n, ms }]) => `${name.padEnd(36)} ${String(n).padStart(5)} ${String(Math.round(ms)).padStart(8)} ms`).join('\n') + '\n');
  writeFileSync(join(tmpdir(), `e2e-calls-${process.pid}.txt`), calls.join('\n') + '\n');
}

function wrap(prototype: Record<string, unknown>, label: string): void {
  if (patched.has(prototype)) return;
  patched.add(prototype);
  for (const key of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
    if (key === 'constructor' || key.startsWith('_') || typeof descriptor?.value !== 'function') continue;
    const original = descriptor.value as (...args: unknown[]) => unknown;
    prototype[key] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (depth > 0 || !(result instanceof Promise)) return result;
      const started = performance.now();
      depth += 1;
      return result.finally(() => {
        depth -= 1;
        const ms = performance.now() - started;
        const name = `${label}.${key}`;
        const total = totals.get(name) ?? { n: 0, ms: 0 };
        totals.set(name, { n: total.n + 1, ms: total.ms + ms });
        calls.push(`${Math.round(ms)} ${name} ${String(this).slice(0, 120)}`);
        dump();
      });
    };
  }
}

/** Times the Playwright calls of this page (and of every other page: the prototypes are shared). */
export function profilePage(page: Page): void {
  wrap(Object.getPrototypeOf(page), 'page');
  wrap(Object.getPrototypeOf(page.locator('body')), 'locator');
  wrap(Object.getPrototypeOf(page.request), 'request');
}
