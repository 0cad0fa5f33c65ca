import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, settled, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
let browser: Browser;
let context: BrowserContext;
let page: Page;
const root: Record<string, number> = {};
let staffId = 0;

async function rootsOf(target: Page): Promise<{ id: number; title: string }[]> {
  const filter = encodeURIComponent(JSON.stringify({ parentProjectUnitID: null }));
  const response = await target.request.get(`/api/data/planxchange/projects?filter=${filter}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; title: string }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Gewerbehof Nord is not the customer's: its id comes from the staff's list.
  const staffContext = await newContext(browser, baseURL);
  const staffPage = await staffContext.newPage();
  await login(staffPage, 'staff');
  for (const unit of await rootsOf(staffPage)) root[unit.title] = unit.id;
  await staffContext.close();

  context = await newContext(browser, baseURL);
  page = await context.newPage();
  await login(page, 'customer');
  const members = (await (await page.request.get(`/api/data/planxchange/projectmembers/${root['Wohnpark Weserblick']}`)).json()) as { userID: number; userLogin: string }[];
  staffId = members.find((member) => member.userLogin === 'staff')!.userID;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('member profile as customer', () => {
  it('shows the three cards of Stefan Planer on Wohnpark Weserblick', async () => {
    await page.goto(`/home/app/project/memberprofile/${root['Wohnpark Weserblick']}/${staffId}`);
    const personal = page.getByTestId('member-personal-card');
    await personal.getByText('Stefan').waitFor();
    expect(await personal.getByText('Planer').count()).toBe(1);
    expect(await personal.locator(`img[src="/api/data/planxchange/profilefiles/${staffId}/thumbnail.png"]`).count()).toBe(1);
    const contact = page.getByTestId('member-contact-card');
    await contact.getByRole('link', { name: 'staff@nordstein.example' }).waitFor();
    expect(await contact.getByText('+49 421 555 0200').count()).toBe(1);
    const company = page.getByTestId('member-company-card');
    for (const text of ['Nordstein Porenbeton GmbH', 'Am Werk 4', '28197', 'Bremen']) expect(await company.getByText(text, { exact: true }).count()).toBe(1);
    await page.getByText('Sales planner').waitFor();
    // The tenant logo shows when there is one; a missing logo leaves no broken image.
    await settled(page);
    const logo = company.getByTestId('member-company-logo');
    if (await logo.count()) expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/member-profile.png', fullPage: true });

    await page.getByTestId('member-back').click();
    await page.waitForURL(`**/home/app/project/details/${root['Wohnpark Weserblick']}`);
  });

  it('hides the e-mail on Appartementen Maaskade (HideMemberEMail)', async () => {
    await page.goto(`/home/app/project/memberprofile/${root['Appartementen Maaskade']}/${staffId}`);
    const contact = page.getByTestId('member-contact-card');
    await contact.getByText('+49 421 555 0200').waitFor();
    expect(await contact.getByText('E-mail').count()).toBe(0);
    expect(await page.getByText('staff@nordstein.example').count()).toBe(0);
  });

  it('says clearly when the profile is not there (not a member of Gewerbehof Nord, bad ids)', async () => {
    for (const path of [`${root['Gewerbehof Nord']}/${staffId}`, `${root['Wohnpark Weserblick']}/999999`, 'abc/1']) {
      await page.goto(`/home/app/project/memberprofile/${path}`);
      await page.getByTestId('member-not-found').getByText('This member profile does not exist').waitFor();
      expect(await page.getByTestId('member-personal-card').count()).toBe(0);
    }
    await page.screenshot({ path: 'test-results/member-profile-not-found.png' });
    await page.getByRole('link', { name: 'To the dashboard' }).click();
    await page.waitForURL('**/home/app/dash');
  });
});
