/** The server's build: dist-server/index.mjs. */
export const SERVER_BUILD: string;
/** Builds the server into SERVER_BUILD. */
export function buildServer(): string;
/** Builds the server unless its build is newer than its sources; answers SERVER_BUILD. */
export function ensureServerBuild(): string;
/** Node's own options for the server: source maps and a 64 MB young generation half. */
export const SERVER_NODE_OPTIONS: string[];
/** Node's arguments that start the server: SERVER_NODE_OPTIONS and its build (made first where stale). */
export function serverArgs(): string[];
