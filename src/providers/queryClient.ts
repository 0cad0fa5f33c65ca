import { QueryClient } from '@tanstack/react-query';

/**
 * Only a hiccup is worth asking again: a network failure (fetch rejects with a TypeError) or a server error (5xx).
 * A refusal (4xx) is the answer — asking again only delays the message (a 403 page, a task gone) — and any other
 * error (e.g. react-query's "Missing queryFn" for a record a list put into the cache) would fail the same way three
 * more times, 7 s of back-off in all.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status >= 500;
  return error instanceof TypeError;
}

/** The app's one query client (react-admin's `<Admin queryClient>`). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
