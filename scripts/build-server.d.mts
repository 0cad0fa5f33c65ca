/** The server's build: dist-server/index.mjs. */
export const SERVER_BUILD: string;
/** Builds the server into SERVER_BUILD. */
export function buildServer(): string;
/** Builds the server unless its build is newer than its sources; answers SERVER_BUILD. */
export function ensureServerBuild(): string;
/** Node's arguments that start the server: source maps, a 64 MB young generation half, and its build (made first where stale). */
export function serverArgs(): string[];
