import { expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { takeConsoleProblems } from './browser';
import { isolatedJourney } from './isolated-server';

// Three browsers on one server: what one changes appears on the others' open pages without a reload (issue #37).
// Moves Wohnpark Weserblick on and publishes a banner: its own server and database.
const SHOTS = '/tmp/shots-live';
const { signIn, restartServer } = isolatedJourney(SHOTS);

it("staff moves a unit: the customer's open details page and staff's open My Tasks follow within a second; a new banner appears on an open dashboard", async () => {
  const [customer, staff, admin] = await Promise.all([signIn('customer'), signIn('staff', 'en', { bypassCSP: true }), signIn('admin')]);
  const tasks = (await (await customer.request.get(`/api/tasks?range=${encodeURIComponent('[0,999]')}`)).json()) as { rootUnitTitle: string; taskKey: string; rootProjectUnitID: number }[];
  const root = tasks.find((task) => task.rootUnitTitle === 'Wohnpark Weserblick' && task.taskKey === 'Structuring')!.rootProjectUnitID;

  // The customer looks at the project; staff at their task list, with the bell in the top bar.
  await customer.goto(`/home/app/project/details/${root}`);
  const state = customer.getByTestId('unit-state');
  await state.getByText(/^Structuring/).waitFor();
  await customer.getByTestId('tasks-card').getByText('Structure the project').waitFor();
  await staff.goto('/home/app/task-list');
  const staffRows = staff.getByTestId('task-row');
  await staffRows.first().waitFor();
  const weserblickRows = staffRows.filter({ hasText: 'Wohnpark Weserblick' });
  const rowsBefore = await weserblickRows.count();
  // Staff (the project's sales planner) finishes structuring from another tab: through the API.
  const moved = await staff.request.put(`/api/data/planxchange/projectunitstates/${root}`, { data: { projectUnitID: root, action: 'StructuringFinished' } });
  expect(moved.status()).toBe(200);
  const movedAt = Date.now();
  await state.getByText(/^Pending validation/).waitFor({ timeout: 5_000 });
  const detailsIn = Date.now() - movedAt;
  // The customer's task and its button are gone with the state; staff's list has the new task.
  await customer.getByTestId('tasks-card').getByText('Structure the project').waitFor({ state: 'detached' });
  await expect.poll(() => weserblickRows.count(), { timeout: 5_000, interval: 50 }).toBe(rowsBefore + 1);
  const tasksIn = Date.now() - movedAt;
  await customer.getByTestId('next-steps-card').getByText('Structure the project').waitFor({ state: 'detached' });
  // Who changed it, and when.
  await customer.getByTestId('changed-by').getByText(/^Changed by Stefan Planer at /).waitFor();
  await customer.screenshot({ path: `${SHOTS}/details-followed.png` });

  // The bell: the notices of the demo, unread count in its name, the list, mark all read; axe finds nothing serious.
  const bell = staff.getByTestId('notification-bell');
  const unread = () => bell.getAttribute('aria-label').then((label) => Number(/\((\d+) unread\)/.exec(label ?? '')?.[1]));
  expect(await unread()).toBeGreaterThan(0);
  await bell.click();
  await staff.getByTestId('notification-item').first().waitFor();
  const violations = await seriousViolations(staff);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
  await staff.screenshot({ path: `${SHOTS}/bell-1440.png` });
  await staff.getByRole('button', { name: 'Mark all read' }).click();
  await expect.poll(unread).toBe(0);
  await staff.keyboard.press('Escape');

  // An administrator publishes a banner for the customer's sales organisation: it appears on the open dashboard.
  await customer.goto('/home/app/dash');
  await customer.getByTestId('banner-strip').waitFor();
  const orgs = (await (await admin.request.get('/api/banner-notifications/sales-orgs')).json()) as { id: number; name: string; code?: string }[];
  const nl = orgs.find((org) => JSON.stringify(org).includes('CB-NL'))!;
  const published = await admin.request.post('/api/data/planxchange/banner-notifications', {
    data: { title: 'Live: Werk Deventer', text: 'Heute keine Abholung in Deventer.', level: 'important', showFrom: new Date(Date.now() - 60_000).toISOString(), showUntil: new Date(Date.now() + 86_400_000).toISOString(), salesOrgs: [nl.id] },
  });
  expect(published.status()).toBe(201);
  const publishedAt = Date.now();
  await customer.getByTestId('banner-strip').getByText('Live: Werk Deventer').waitFor({ timeout: 5_000 });
  const bannerIn = Date.now() - publishedAt;
  await customer.screenshot({ path: `${SHOTS}/banner-followed.png` });

  console.log(`followed: details page ${detailsIn} ms, My Tasks ${tasksIn} ms, banner ${bannerIn} ms`);
  // The target is 1 s (measured 0.3–1.0 s, the latter at load 8 on 2 cores); the bound leaves room for a busy CI machine.
  expect(detailsIn).toBeLessThan(1_500);
  expect(tasksIn).toBeLessThan(1_500);
  expect(bannerIn).toBeLessThan(1_500);
});

it('after a restart of the server an open page follows changes again, without a reload', async () => {
  const [customer, staff] = await Promise.all([signIn('customer'), signIn('staff')]);
  const roots = (await (await customer.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as { id: number; title: string }[];
  const root = roots.find((unit) => unit.title === 'Wohnpark Weserblick')!.id;
  await customer.goto(`/home/app/project/details/${root}`);
  await customer.getByTestId('unit-state').waitFor();
  // A mark on the page: a reload would drop it.
  await customer.evaluate(() => ((window as unknown as { keptOpen: boolean }).keptOpen = true));

  await restartServer();
  // The page's stream reconnects by itself (EventSource, then the app's own retry after a refused connection).
  const unitPath = `/api/data/planxchange/projects/${root}`;
  const loaded = (await (await staff.request.get(unitPath)).json()) as { version: number; title: string };
  const answer = await staff.request.put(unitPath, { data: { notes: 'Nach dem Neustart: Baubeginn im März.', version: loaded.version } });
  expect(answer.status()).toBe(200);
  await customer.getByText('Nach dem Neustart: Baubeginn im März.').waitFor({ timeout: 15_000 });
  expect(await customer.evaluate(() => (window as unknown as { keptOpen?: boolean }).keptOpen)).toBe(true);
  // While the server was away the streams' reconnects were refused (connection refused, then 503 while it started),
  // and a request the page had on a connection the stopping server closed was reset: expected here, nothing else.
  expect(takeConsoleProblems().filter((problem) => !/net::ERR_CONNECTION_(REFUSED|RESET)|status of 503 \(Service Unavailable\)/.test(problem))).toEqual([]);
});
