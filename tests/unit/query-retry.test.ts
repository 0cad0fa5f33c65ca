import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createQueryClient, shouldRetry } from '../../src/providers/queryClient';

describe('the query client does not retry refusals (issue 20)', () => {
  it('4xx answers and errors in the page are final; network and 5xx errors are retried up to three times', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, new HttpError('no', status))).toBe(false);
    expect(shouldRetry(0, new HttpError('oops', 500))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(3, new TypeError('Failed to fetch'))).toBe(false);
    // Not a hiccup: asking again fails the same way (a cache entry a list made has no queryFn: 7 s of back-off).
    expect(shouldRetry(0, new Error("Missing queryFn: '[\"project\",\"getOne\",{\"id\":\"2\"}]'"))).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
