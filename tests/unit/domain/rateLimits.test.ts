import { describe, expect, it } from 'vitest';
import { ACTION_LIMITS, backoffDelaySeconds, backoffTable, durationText, LOGIN_BACKOFF, retryWhen } from '../../../src/domain/rateLimits';

describe('login back-off', () => {
  const policy = LOGIN_BACKOFF.accountFromClient;

  it('is free for the first failures, then waits 1 s, doubling up to 15 minutes', () => {
    expect([0, 4].map((failures) => backoffDelaySeconds(policy, failures))).toEqual([0, 0]);
    expect([5, 6, 7, 8, 14].map((failures) => backoffDelaySeconds(policy, failures))).toEqual([1, 2, 4, 8, 512]);
    expect(backoffDelaySeconds(policy, 15)).toBe(900);
    expect(backoffDelaySeconds(policy, 500)).toBe(900);
  });

  it('its table holds every wait up to the first at the maximum', () => {
    const table = backoffTable(policy);
    expect(table.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(table.at(-1)).toBe(900);
    expect(table.at(-2)).toBe(512);
    expect(table).toHaveLength(16);
  });

  it('an attacker on one account from one address gets about 14 tries in the first 17 minutes, then 4 an hour', () => {
    let elapsed = 0;
    let tries = 0;
    while (elapsed <= 17 * 60) elapsed += backoffDelaySeconds(policy, tries++);
    expect(tries).toBe(15);
  });

  it('the owner has more room than one attacking address; an address more than one account', () => {
    expect(LOGIN_BACKOFF.account.free).toBeGreaterThan(LOGIN_BACKOFF.accountFromClient.free);
    expect(LOGIN_BACKOFF.address.free).toBeGreaterThan(LOGIN_BACKOFF.account.free);
  });
});

describe('action limits', () => {
  it('limit every costly action per user (mails are limited in the outbox: server/services/mail-outbox.ts)', () => {
    for (const limit of Object.values(ACTION_LIMITS)) {
      expect(limit.max).toBeGreaterThan(0);
      expect(limit.windowSeconds).toBeGreaterThanOrEqual(60);
    }
    expect(Object.keys(ACTION_LIMITS)).toEqual(expect.arrayContaining(['reviewerChangeRequest', 'accountDeletionRequest', 'passwordChangeFailure', 'zipDownload', 'ifcUpload', 'ifcStructure']));
  });
});

describe('when to try again, in the user language', () => {
  it.each([
    [1, 'en', 'in 1 second'],
    [45, 'de', 'in 45 Sekunden'],
    [89, 'nl', 'over 89 seconden'],
    [90, 'en', 'in 2 minutes'],
    [900, 'de', 'in 15 Minuten'],
    [3600, 'nl', 'over 60 minuten'],
    [7200, 'en', 'in 2 hours'],
  ])('%s s in %s: %s', (seconds, language, text) => {
    expect(retryWhen(seconds, language)).toBe(text);
  });

  it.each([
    [3600, 'en', '1 hour'],
    [600, 'de', '10 Minuten'],
    [900, 'nl', '15 minuten'],
  ])('a window of %s s in %s: %s', (seconds, language, text) => {
    expect(durationText(seconds, language)).toBe(text);
  });
});
