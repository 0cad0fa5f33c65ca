import { QueryClient } from '@tanstack/react-query';

/** A refusal (4xx) is the answer, not a hiccup: asking again only delays the message (a 403 page, a task gone). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 3;
}

/** The app's one query client (react-admin's `<Admin queryClient>`). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
