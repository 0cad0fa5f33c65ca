import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCalendarDay, launchBrowser, login, newContext } from './browser';
import { startIsolatedServer } from './isolated-server';

// A real installation starts empty (SEED=none): everything below happens through the UI, from the first
// administrator's printed link to an AAC order, on a server of its own.
const SHOTS = '/tmp/shots-empty-portal';
const PASSWORD = { admin: 'Erster-Admin-1', staff: 'Paula-Plant-2', customer: 'Kim-Kunde-3', drafter: 'Dirk-Zeichnet-4' };
const TENANT = 'Porenbeton Süd AG';
const PROJECT = 'Wohnanlage Lindenhof';
let browser: Browser;
let server: Awaited<ReturnType<typeof startIsolatedServer>>;
const pages: Record<string, Page> = {};
let rootPath = '';

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startIsolatedServer({ seed: 'none', env: { INITIAL_ADMIN_LANGUAGE: 'en' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  return (await newContext(browser, server.baseURL)).newPage();
}

/** Follows a set-password link (as printed or mailed) and chooses the password. */
async function setPassword(page: Page, link: string, password: string) {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByTestId('set-password-submit').click();
  await page.getByText('Your password is set. You can log in now.').waitFor();
}

/** The invitation link in the newest mail to `recipient`, read from the outbox as the administrator. */
async function mailedLink(recipient: string): Promise<string> {
  const filter = encodeURIComponent(JSON.stringify({ kind: 'invitation', recipient }));
  const outbox = (await (await pages.admin.request.get(`/api/data/planxchange/mails?filter=${filter}&sort=["id","DESC"]`)).json()) as { body: string }[];
  return /(https?:\/\/\S+\/account\/set-password\?token=[\w-]+)/.exec(outbox[0].body)![1];
}

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A multiple select: the list stays open until Escape. */
async function chooseOptions(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function saveTo(page: Page, listPath: string) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === listPath);
}

/** Uses an action button of the tasks card on the current details page and confirms it. */
async function act(page: Page, action: string) {
  await page.getByTestId('tasks-card').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText(/^Done: /).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function openUnit(page: Page, title: string) {
  await page.goto(rootPath);
  await page.getByTestId('unit-tile').filter({ hasText: title }).first().click();
  await page.getByRole('banner').getByText(new RegExp(`\\| ${title}$`)).waitFor();
}

async function inviteByEmail(page: Page, email: string, first: string, last: string, role: string) {
  await page.getByTestId('add-member').click();
  const dialog = page.getByTestId('add-member-dialog');
  await dialog.getByRole('button', { name: 'Invite by e-mail' }).click();
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByTestId('add-member-submit').click();
  await page.getByText(`${first} ${last} was invited by e-mail.`).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

const memberTile = (page: Page, name: string): Locator => page.getByTestId('members-card').getByRole('listitem').filter({ hasText: name });

describe('from an empty portal to an AAC order', () => {
  it('the first administrator sets the password from the printed link and sets up the master data and a planner', async () => {
    const printed = /(http\S+\/account\/set-password\?token=[\w-]+)/.exec(server.output());
    expect(printed, server.output()).not.toBeNull();
    const admin = (pages.admin = await newPage());
    await setPassword(admin, printed![1], PASSWORD.admin);
    await login(admin, 'admin', PASSWORD.admin);
    await admin.getByTestId('current-projects').getByText('You have no current projects yet.').waitFor();
    expect(await admin.getByTestId('new-root-project').count()).toBe(0);

    await admin.getByRole('menuitem', { name: 'Tenants' }).click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByRole('textbox', { name: 'Name' }).fill(TENANT);
    for (const feature of ['Project tools menu', 'New-unit tile', 'Project information sheet', 'Delivery dates button', 'Journal (internal users)']) {
      await admin.getByRole('checkbox', { name: feature }).check();
    }
    await saveTo(admin, '/home/app/admin/tenants');
    await admin.getByRole('cell', { name: TENANT }).waitFor();

    await admin.goto('/home/app/admin/plants/create');
    await admin.getByRole('textbox', { name: 'Name' }).fill('Werk Ulm');
    await chooseOption(admin, 'Tenant', TENANT);
    await saveTo(admin, '/home/app/admin/plants');

    await admin.goto('/home/app/admin/salesorganisations/create');
    await admin.getByRole('textbox', { name: 'Key' }).fill('PS-DE');
    await admin.getByRole('textbox', { name: 'Title' }).fill('Porenbeton Süd Vertrieb');
    await chooseOption(admin, 'Tenant', TENANT);
    await chooseOption(admin, 'Default plant', 'Werk Ulm');
    await admin.getByRole('textbox', { name: 'Contact e-mail' }).fill('vertrieb@porenbeton-sued.example');
    await saveTo(admin, '/home/app/admin/salesorganisations');

    await admin.goto('/home/app/admin/producttypes/create');
    await admin.getByLabel('Title').fill('Planelemente');
    await chooseOption(admin, 'Tenant', TENANT);
    await saveTo(admin, '/home/app/admin/producttypes');

    // The AAC order table offers the tenant's catalogue.
    await admin.goto('/home/app/admin/aacproducts/create');
    await chooseOption(admin, 'Tenant', TENANT);
    await admin.getByLabel('Article no.').fill('100300');
    await admin.getByLabel('Code').fill('PE300');
    await admin.getByLabel('Title').fill('Planelement PE 300');
    await admin.getByLabel('Thickness (mm)').fill('300');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname.startsWith('/home/app/admin/aacproducts') && !url.pathname.endsWith('/create'));

    await admin.goto('/home/app/admin/users/create');
    await admin.getByRole('textbox', { name: 'Login name' }).fill('paula.planer');
    await admin.getByRole('textbox', { name: 'E-mail' }).fill('paula.planer@porenbeton-sued.example');
    await admin.getByRole('textbox', { name: 'First name' }).fill('Paula');
    await admin.getByRole('textbox', { name: 'Last name' }).fill('Planer');
    await chooseOption(admin, 'Language', 'English');
    await admin.getByLabel('Internal', { exact: true }).check();
    await admin.getByLabel('Project planner', { exact: true }).check();
    await chooseOptions(admin, 'Tenants', TENANT);
    await chooseOptions(admin, 'Sales organisations', /^PS-DE/);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('button', { name: 'Send invitation again' }).waitFor();

    // The invitation, read in Administration → Mail outbox.
    await admin.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await admin.getByRole('cell', { name: 'Your planXchange account "paula.planer"' }).click();
    await admin.waitForURL(/\/home\/app\/admin\/mails\/\d+\/show$/);
    const body = await admin.getByText(/To choose your password, open this link/).textContent();
    const link = /(https?:\/\/\S+\/account\/set-password\?token=[\w-]+)/.exec(body!)![1];
    const staff = (pages.staff = await newPage());
    await setPassword(staff, link, PASSWORD.staff);
  }, 180_000);

  it('the planner creates the root project from the dashboard and invites a customer and a drafter', async () => {
    const staff = pages.staff;
    await login(staff, 'paula.planer', PASSWORD.staff);
    await staff.getByTestId('current-projects').getByTestId('new-root-project').click();
    await staff.waitForURL('**/home/app/project/create');
    // One tenant and one sales organisation: chosen already; the tenant's country too.
    await staff.getByRole('combobox', { name: 'Sales organisation' }).getByText('PS-DE – Porenbeton Süd Vertrieb').waitFor();
    await staff.getByRole('combobox', { name: 'Country' }).getByText('Germany').waitFor();
    await staff.getByRole('textbox', { name: 'Title' }).fill(PROJECT);
    await staff.screenshot({ path: `${SHOTS}/01-new-project.png`, fullPage: true });
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.waitForURL(/\/home\/app\/project\/details\/\d+$/);
    rootPath = new URL(staff.url()).pathname;
    await staff.getByRole('banner').getByText(new RegExp(`PS-DE-${new Date().getFullYear()}-0001 \\| ${PROJECT}`)).waitFor();
    await staff.getByTestId('unit-state').getByText('Structuring').waitFor();
    await memberTile(staff, 'Paula Planer').waitFor();

    await inviteByEmail(staff, 'kim.kunde@bauherr.example', 'Kim', 'Kunde', 'Reviewer');
    await inviteByEmail(staff, 'dirk.zeichner@planungsbuero.example', 'Dirk', 'Zeichner', 'Drafter');
    for (const name of ['Kim Kunde', 'Dirk Zeichner']) await memberTile(staff, name).getByTestId('invitation-chip').getByText('Invited').waitFor();
    await staff.getByTestId('members-card').screenshot({ path: `${SHOTS}/02-members-invited.png` });

    // A mistyped address: the invitation is revoked and the tile goes.
    await inviteByEmail(staff, 'kim.kunde@bauherr.exmaple', 'Kim', 'Tippfehler', 'Member');
    await memberTile(staff, 'Kim Tippfehler').getByRole('button', { name: 'Actions for Kim Tippfehler' }).click();
    await staff.getByRole('menuitem', { name: 'Revoke invitation' }).click();
    await staff.getByRole('dialog').getByText('The link in the invitation stops working and Kim Tippfehler leaves the project.').waitFor();
    await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await staff.getByText('The invitation of Kim Tippfehler was revoked.').waitFor();
    await memberTile(staff, 'Kim Tippfehler').waitFor({ state: 'detached' });
    // The last sales planner keeps the role: the server's message stays in the dialog.
    await memberTile(staff, 'Paula Planer').getByRole('button', { name: 'Actions for Paula Planer' }).click();
    await staff.getByRole('menuitem', { name: 'Change role' }).click();
    const roleDialog = staff.getByTestId('change-role-dialog');
    await roleDialog.getByRole('combobox', { name: 'Role' }).click();
    await staff.getByRole('option', { name: 'Member', exact: true }).click();
    await roleDialog.getByTestId('change-role-submit').click();
    await roleDialog.getByText(/The project needs a sales planner/).waitFor();
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
    await memberTile(staff, 'Paula Planer').getByText('Paula Planer').waitFor();
  }, 120_000);

  it('the customer sets the password from the mailed link and finishes the structure', async () => {
    const customer = (pages.customer = await newPage());
    await setPassword(customer, await mailedLink('kim.kunde@bauherr.example'), PASSWORD.customer);
    await login(customer, 'kim.kunde@bauherr.example', PASSWORD.customer);
    await customer.getByTestId('current-projects').getByText(PROJECT).click();
    await customer.waitForURL(`**${rootPath}`);
    await customer.getByTestId('tasks-card').getByText('Structure the project').waitFor();

    // AAC elements are ordered in a subproject of their own.
    await customer.getByTestId('new-unit-tile').click();
    await customer.getByRole('dialog').getByTestId('type-tile-subproject').click();
    let dialog = customer.getByRole('dialog', { name: 'New Subproject' });
    await dialog.getByLabel('Title').fill('Wandelemente');
    await dialog.getByLabel('Content').click();
    await customer.getByRole('option', { name: 'AAC elements (order)' }).click();
    await dialog.getByTestId('create-unit-save').click();
    await customer.getByRole('banner').getByText(/\| Wandelemente$/).waitFor();
    await customer.getByTestId('new-unit-tile').click();
    dialog = customer.getByRole('dialog');
    if (await dialog.getByTestId('type-tile-aacorderlot').count()) await dialog.getByTestId('type-tile-aacorderlot').click();
    await dialog.getByLabel('Title').fill('Wandelemente EG');
    await dialog.getByTestId('create-unit-save').click();
    await customer.getByRole('banner').getByText(/\| Wandelemente EG$/).waitFor();

    // The approval lots come from the structure page.
    await customer.goto(rootPath);
    await customer.getByTestId('tasks-card').getByRole('button', { name: 'Structuring finished', exact: true }).click();
    await customer.waitForURL('**/project/structure/*');
    await customer.getByTestId('add-subproject').getByRole('textbox').fill('Haus 1');
    await customer.keyboard.press('Enter');
    const subproject = customer.getByTestId('subproject').filter({ has: customer.getByTestId('subproject-title').getByText('Haus 1', { exact: true }) });
    await subproject.getByTestId('add-lot').getByRole('textbox').fill('Erdgeschoss');
    await customer.keyboard.press('Enter');
    await subproject.getByTestId('add-material').click();
    const row = subproject.getByTestId('material-row').first();
    await row.getByTestId('material-volume').locator('input').fill('40');
    const date = row.getByTestId('material-deliveryDate').locator('input');
    await fillCalendarDay(date, (await date.getAttribute('data-min'))!);
    await customer.getByTestId('problem-count').waitFor({ state: 'detached' });
    await customer.getByTestId('finish-structure').click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await customer.waitForURL(`**${rootPath}`);
    await customer.getByTestId('unit-state').getByText('Pending validation').waitFor();
    await customer.getByTestId('unit-tile').filter({ hasText: 'Haus 1' }).waitFor();
  }, 120_000);

  it('the planner assigns product types and starts planning; the customer requests drawings', async () => {
    const staff = pages.staff;
    await staff.goto(rootPath);
    await staff.getByTestId('open-planning').click();
    await staff.waitForURL('**/project/planning/*');
    const rows = staff.getByTestId('planning-row');
    await rows.first().waitFor();
    for (const checkbox of await rows.getByRole('checkbox').all()) await checkbox.check();
    await staff.getByTestId('bulk-product-type').getByRole('combobox').click();
    await staff.getByRole('listbox').getByRole('option', { name: 'Planelemente', exact: true }).click();
    await staff.getByTestId('bulk-bar').getByRole('button', { name: /^Apply to \d+ selected units$/ }).click();
    await staff.getByTestId('planning-save').click();
    await staff.getByText(/^Assignments of \d+ units saved/).waitFor();
    await staff.getByTestId('planning-back').click();
    await staff.waitForURL(`**${rootPath}`);
    await act(staff, 'Ready for contract');
    await act(staff, 'Start planning process');
    await staff.getByTestId('unit-state').getByText('Provide files').waitFor();

    const customer = pages.customer;
    await customer.goto(rootPath);
    await customer.getByTestId('tasks-card').getByText('Provide planning files').waitFor();
    await act(customer, 'Request drawings');
    await customer.getByTestId('unit-state').getByText('In progress').waitFor();
  }, 120_000);

  it('the drafter finishes preparing, the customer approves, the planner releases', async () => {
    const drafter = (pages.drafter = await newPage());
    await setPassword(drafter, await mailedLink('dirk.zeichner@planungsbuero.example'), PASSWORD.drafter);
    await login(drafter, 'dirk.zeichner@planungsbuero.example', PASSWORD.drafter);
    await drafter.goto('/home/app/task-list');
    await drafter.getByTestId('task-row').filter({ hasText: 'Erdgeschoss' }).first().getByRole('cell').first().click();
    await drafter.waitForURL(/\/project\/details\/\d+\/\d+$/);
    await act(drafter, 'Preparing complete');

    const customer = pages.customer;
    await openUnit(customer, 'Haus 1');
    await customer.getByTestId('unit-tile').filter({ hasText: 'Erdgeschoss' }).click();
    await customer.getByTestId('unit-state').getByText('Review preliminary drawings').waitFor();
    await act(customer, 'Approve drawings');

    const staff = pages.staff;
    await openUnit(staff, 'Haus 1');
    await staff.getByTestId('unit-tile').filter({ hasText: 'Erdgeschoss' }).click();
    await staff.getByTestId('unit-state').getByText('Finalized').waitFor();
    await act(staff, 'Approve');
    await staff.getByTestId('unit-state').getByText('Approved').waitFor();
  }, 120_000);

  it('the customer places the AAC order', async () => {
    const customer = pages.customer;
    await openUnit(customer, 'Wandelemente');
    await customer.getByTestId('unit-tile').filter({ hasText: 'Wandelemente EG' }).click();
    // The lot's page as the customer sees it once the approval has released it (its data settled, no refetch pending).
    await customer.getByTestId('unit-state').getByText('Place order').waitFor();
    await customer.getByTestId('open-order-table').click();
    await customer.waitForURL('**/project/aac-order/**');
    const row = customer.getByTestId('aac-row').last();
    await row.getByLabel('Room', { exact: true }).fill('Wohnen');
    await row.getByLabel('Storey', { exact: true }).fill('EG');
    await row.getByLabel('Article', { exact: true }).selectOption({ label: 'Planelement PE 300' });
    await row.getByLabel('Length (mm)', { exact: true }).fill('3000');
    await row.getByLabel('Qty', { exact: true }).fill('360');
    await row.getByTestId('row-save').click();
    await expect.poll(() => customer.getByTestId('aac-row').count()).toBe(2);
    await customer.getByTestId('place-order').click();
    await customer.getByTestId('place-order-confirm').click();
    await customer.getByText('The order was placed.').waitFor();
    await expect.poll(() => customer.getByTestId('order-state').textContent()).toBe('Ordered');
    await customer.screenshot({ path: `${SHOTS}/03-ordered.png`, fullPage: true });
  }, 120_000);
});
