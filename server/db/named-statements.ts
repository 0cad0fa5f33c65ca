import type { Pool, PoolClient } from 'pg';

/**
 * Named (server-side prepared) statements for the queries a PostgreSQL connection runs again and again (#36).
 *
 * drizzle sends every query unnamed, so PostgreSQL parses, analyses and plans it anew each time: for a list page
 * (scalar subqueries, a capped count) that cost as much as running it — 500 runs of the unit list took 1.6 ms each
 * unnamed and 0.85 ms each prepared. A text a connection has seen twice gets a name on that connection; from then
 * on node-postgres sends only Bind/Execute, and PostgreSQL reuses the parse tree and, where its cost model allows
 * (plan_cache_mode auto), a generic plan. The embedded database plans generically throughout
 * (pglite-named-statements.ts); PostgreSQL keeps its own choice here: forcing generic plans made staff's My Tasks
 * 2.2× faster on the bench data, but on the EXPLAIN guard's data (40,000 units) its generic plan reads every unit of
 * the tenant in a task state for the count — not measured at a million units, so not taken (docs/decisions.md, #36).
 *
 * Bounded: at most MAX_NAMED texts per connection keep a name (the rest run unnamed as before), and the texts
 * counted towards "seen twice" are forgotten in bulk past MAX_COUNTED. Only single statements are named (a text
 * with `;` may be several, which a prepared statement cannot be).
 *
 * Pattern matches (`like`, `ilike`) stay unnamed: their best plan depends on the pattern itself — the trigram index
 * for a rare word, a scan in the page's order for a common one — and a generic plan cannot know it. Measured at
 * 1,000,000 units: the search's generic plan read the whole trigram index for a two-letter word (650–1,300 ms instead
 * of 3 ms; 25 req/s instead of 502).
 */
const MAX_NAMED = 400;
const MAX_COUNTED = 2000;
/** A text whose plan depends on a pattern's value. */
const PATTERN_MATCH = /\bi?like\b/i;

/** True for a text whose best plan depends on a pattern's value (`like`, `ilike`): it is planned for each run. */
export const matchesPattern = (text: string) => PATTERN_MATCH.test(text);

type QueryFunction = PoolClient['query'];

/**
 * Which texts of one connection (or one PGlite) carry a name: a text gets one the second time it is sent, while fewer
 * than MAX_NAMED have one; single statements without a pattern match only. Shared by node-postgres and PGlite.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();
  /** Names are never reused: a forgotten text's name may still exist on the server. */
  private issued = 0;

  /** The text's name, if it has one or gets one now; undefined: send it unnamed. */
  nameFor(text: unknown): string | undefined {
    if (typeof text !== 'string') return undefined;
    // A named text passed the checks below when it got its name (they scan the whole text; the lookup does not).
    let name = this.names.get(text);
    if (name) return name;
    if (text.includes(';') || PATTERN_MATCH.test(text)) return undefined;
    if (this.names.size < MAX_NAMED) {
      if (this.seen.has(text)) {
        name = `px${++this.issued}`;
        this.names.set(text, name);
        this.seen.delete(text);
      } else {
        if (this.seen.size >= MAX_COUNTED) this.seen.clear();
        this.seen.add(text);
      }
    }
    return name;
  }

  /** The text's statement could not be prepared (a failed Parse): it gets a new name the next time it is sent. */
  forget(text: string): void {
    this.names.delete(text);
    this.seen.add(text);
  }
}

export function nameRepeatedTexts(client: PoolClient): void {
  const names = new StatementNames();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !('name' in config && (config as { name?: string }).name) && !('submit' in config)) {
      const name = names.nameFor((config as { text?: unknown }).text);
      if (name) return query({ ...(config as object), name }, ...rest);
    }
    return query(config, ...rest);
  }) as QueryFunction;
}

/** Every connection the pool opens names the texts it repeats. */
export function nameRepeatedStatements(pool: Pool): void {
  pool.on('connect', nameRepeatedTexts);
}
