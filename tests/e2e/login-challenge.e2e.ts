import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CHALLENGE, proofHolds, type LoginProof } from '../../src/domain/loginChallenge';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

// The login page's answer to a flood, timed: it runs with the timed journeys, alone on the machine
// (vitest.e2e.config.ts). The rest of the login page's journeys are in shell.e2e.ts.
const baseURL = sharedBaseURL();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the login challenge', () => {
  it('under a login flood, the browser solves the challenge it is given and signs in without the person doing anything', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    // The flood itself is the API suite's (login-flood-addresses.test.ts); here the first answer is the flood's 429.
    const sent: { proof?: LoginProof }[] = [];
    const sentAt: number[] = [];
    await page.route('**/api/auth/login', async (route) => {
      sent.push(JSON.parse(route.request().postData() ?? '{}'));
      sentAt.push(Date.now());
      if (sent.length > 1) return route.continue();
      return route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', [LOGIN_CHALLENGE.header]: `${LOGIN_CHALLENGE.baseBits}.e2eChallengeFromTheFlood`, 'retry-after': '1' },
        body: JSON.stringify({ status: 429, messages: [{ type: 'error', text: 'busy', code: 'LoginChallenge' }] }),
      });
    });
    await login(page, 'customer');
    // From the 429 to the login sent again with the proof: the time the challenge added.
    const seconds = (sentAt[1] - sentAt[0]) / 1000;
    console.log(`the ${LOGIN_CHALLENGE.baseBits}-bit challenge took the browser ${seconds.toFixed(2)} s`);
    expect(sent).toHaveLength(2);
    expect(sent[1].proof?.id).toBe(`${LOGIN_CHALLENGE.baseBits}.e2eChallengeFromTheFlood`);
    expect(proofHolds(sent[1].proof!)).toBe(true);
    expect(seconds).toBeLessThan(3);
    await context.close();
  });
});
