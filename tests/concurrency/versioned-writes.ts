import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { plants, productTypes, projectUnits, salesOrganisations, tenants } from '../../server/db/schema.js';
import { burst, expectOneWinner, ok, SIZES, unitId, winnerIndex } from './burst.js';
import { addDays } from '../../src/domain/structure.js';
import type { Target } from './targets.js';

const P = '/api/data/planxchange';
const TIMEOUT = 120_000;

async function rootRow(t: Target, title: string) {
  const [row] = await t.db.select().from(projectUnits).where(eq(projectUnits.id, await unitId(t, title, 'project')));
  return row;
}

/**
 * Every versioned write, fired `n` times at once from the same version: exactly one is saved, every other one is
 * answered 409, the stored record is the winner's and its version rose by one.
 */
export function versionedWriteChecks(target: () => Target) {
  it.each(SIZES)('unit PUT: %i edits from one version, one winner', async (n) => {
    const t = target();
    const url = `${P}/projects/${await unitId(t, n === 2 ? 'Erdgeschoss' : 'Obergeschoss', 'approvallot')}`;
    const before = ok(await t.call('customer', 'GET', url));
    const answers = await burst(n, (i) => t.call('customer', 'PUT', url, { notes: `edit ${n}-${i}`, version: before.version }));
    const winner = expectOneWinner(answers);
    expect(ok(await t.call('customer', 'GET', url))).toMatchObject({ notes: winner.body.notes, version: before.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('site address PUT and site contact through the project tools: %i saves from one version, one winner', async (n) => {
    const t = target();
    const root = await rootRow(t, 'Wohnpark Weserblick');
    const addressUrl = `${P}/addresses/${root.siteAddressId}`;
    const address = ok(await t.call('customer', 'GET', addressUrl));
    const fields = { street1: address.street1, zip: address.zip, city: address.city, country: address.country };
    const answers = await burst(n, (i) => t.call(i % 2 ? 'staff' : 'customer', 'PUT', addressUrl, { ...fields, name: `Baustelle ${n}-${i}`, version: address.version }));
    const winner = expectOneWinner(answers);
    expect(ok(await t.call('customer', 'GET', addressUrl))).toMatchObject({ name: winner.body.name, version: address.version + 1 });

    const contactUrl = `${P}/contacts/${root.siteContactId}`;
    const contact = ok(await t.call('customer', 'GET', contactUrl));
    const tool = (i: number) => ({ name: 'edit-site-contact', data: { rootUnitId: root.id, name: `Bauleiter ${n}-${i}`, officePhone: '', officeFax: '', companyMobile: '', officeEMail: '', version: contact.version } });
    const viaTools = await burst(n, (i) => t.call('customer', 'POST', '/api/project-tools/execute', tool(i)));
    const toolWinner = expectOneWinner(viaTools);
    expect(ok(await t.call('customer', 'GET', contactUrl))).toMatchObject({ name: toolWinner.body.data.name, version: contact.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('materials of an approval lot: %i saves from one version, one winner', async (n) => {
    const t = target();
    const lot = await unitId(t, 'Bauabschnitt 2', 'approvallot');
    const context = ok(await t.call('customer', 'GET', `/api/materials/${lot}/context`));
    const type = context.materialTypes[0].key;
    const list = (i: number) => [{ type, volume: 1 + i, deliveryDate: context.minDate[type] }];
    const answers = await burst(n, (i) => t.call('customer', 'POST', `/api/materials/${lot}?version=${context.version}`, list(i)));
    expectOneWinner(answers);
    expect(ok(await t.call('customer', 'GET', `/api/materials/${lot}`))).toEqual(list(winnerIndex(answers)));
    expect(ok(await t.call('customer', 'GET', `/api/materials/${lot}/context`)).version).toBe(context.version + 1);
  }, TIMEOUT);

  it.each(SIZES)('delivery data: %i saves from one version, one winner', async (n) => {
    const t = target();
    const school = await unitId(t, 'Schule am Stadtpark', 'project');
    const data = ok(await t.call('customer', 'GET', `/api/delivery-data/${school}`));
    const lot = data.subProjects[0].approvalLots[0];
    const type = data.materialTypes[0].key;
    const materials = (i: number) => [{ type, volume: 2 + i, deliveryDate: lot.minDate[type] }];
    const answers = await burst(n, (i) => t.call('staff', 'POST', `/api/delivery-data/${school}`, [{ approvalLotID: lot.approvalLotID, version: lot.version, materials: materials(i) }]));
    expectOneWinner(answers);
    const after = ok(await t.call('customer', 'GET', `/api/delivery-data/${school}`)).subProjects[0].approvalLots[0];
    expect(after).toMatchObject({ approvalLotID: lot.approvalLotID, materials: materials(winnerIndex(answers)), version: lot.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('structure draft: %i saves from one version (the first one: none), one winner', async (n) => {
    const t = target();
    const url = `/api/structure/${await unitId(t, 'Appartementen Maaskade', 'project')}`;
    const page = ok(await t.call('customer', 'GET', url));
    const draft = (i: number) => ({ subprojects: page.draft.subprojects.map((subproject: { name: string }, index: number) => (index ? subproject : { ...subproject, name: `Toren ${n}-${i}` })) });
    const answers = await burst(n, (i) => t.call('customer', 'PUT', `${url}/draft`, { draft: draft(i), version: page.version }));
    expectOneWinner(answers);
    const after = ok(await t.call('customer', 'GET', url));
    expect(after.version).toBe((page.version ?? 0) + 1);
    expect(after.draft.subprojects[0].name).toBe(`Toren ${n}-${winnerIndex(answers)}`);
  }, TIMEOUT);

  it.each(SIZES)('CCL delivery schedule: %i saves of one entry from one version, one winner', async (n) => {
    const t = target();
    const riverside = await unitId(t, 'Riverside Apartments', 'project');
    const job = await unitId(t, 'DJ-02 First floor', 'drawingjob');
    const url = `/api/questionnaire/ccl-delivery-schedule/${riverside}`;
    const entry = ok(await t.call('partner', 'GET', url)).entries.find((candidate: { projectUnitID: number }) => candidate.projectUnitID === job);
    const answers = await burst(n, (i) => t.call('partner', 'PUT', `${url}/${job}`, { features: `Features ${n}-${i}`, deliveryWeek: '', note: '', version: entry.version }));
    const winner = expectOneWinner(answers);
    const after = ok(await t.call('partner', 'GET', url)).entries.find((candidate: { projectUnitID: number }) => candidate.projectUnitID === job);
    expect(after).toMatchObject({ features: winner.body.features, version: entry.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('tenant, sales organisation, plant and product type edits: %i from one version, one winner each', async (n) => {
    const t = target();
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.type, 'ccl'));
    const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'CB-NL'));
    const [plant] = await t.db.select().from(plants).where(eq(plants.tenantId, tenant.id));
    const [productType] = await t.db.select().from(productTypes).where(eq(productTypes.tenantId, tenant.id));
    const records: [string, string][] = [
      [`${P}/tenants/${tenant.id}`, 'name'],
      [`${P}/salesorganisations/${org.id}`, 'title'],
      [`${P}/plants/${plant.id}`, 'name'],
      [`${P}/producttypes/${productType.id}`, 'title'],
    ];
    for (const [url, field] of records) {
      const before = ok(await t.call('admin', 'GET', url));
      const answers = await burst(n, (i) => t.call('admin', 'PUT', url, { [field]: `${before[field].split(' #')[0]} #${n}-${i}`, version: before.version }));
      const winner = expectOneWinner(answers);
      expect(ok(await t.call('admin', 'GET', url))).toMatchObject({ [field]: winner.body[field], version: before.version + 1 });
    }
  }, TIMEOUT);

  it.each(SIZES)('planning: %i saves of a row from one version, one winner', async (n) => {
    const t = target();
    const url = `/api/planning/${await unitId(t, 'Schule am Stadtpark', 'project')}`;
    const row = ok(await t.call('staff', 'GET', url)).units[1];
    const save = (i: number) => ({ rows: [{ projectUnitID: row.projectUnitID, productTypeID: row.productTypeID, plantID: row.plantID, orderNumber: `ON-${n}-${i}`, version: row.version }] });
    const answers = await burst(n, (i) => t.call('staff', 'PUT', url, save(i)));
    expectOneWinner(answers);
    const after = ok(await t.call('staff', 'GET', url)).units[1];
    expect(after).toMatchObject({ projectUnitID: row.projectUnitID, orderNumber: `ON-${n}-${winnerIndex(answers)}`, version: row.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('project information sheet: %i saves from one version, one winner', async (n) => {
    const t = target();
    const url = `/api/questionnaire/${await unitId(t, 'Wohnpark Weserblick', 'project')}`;
    const sheet = ok(await t.call('customer', 'GET', url));
    const answers = await burst(n, () => t.call('customer', 'PUT', url, { data: sheet.data, version: sheet.version }));
    expectOneWinner(answers);
    expect(ok(await t.call('customer', 'GET', url)).version).toBe(sheet.version + 1);
  }, TIMEOUT);

  it.each(SIZES)('delivery overview done action: %i from one version, one winner', async (n) => {
    const t = target();
    const school = await unitId(t, 'Schule am Stadtpark', 'project');
    // Materials on a date of their own plan a delivery (Planned) that is then marked done.
    const lot = await unitId(t, 'Bauabschnitt 2', 'approvallot');
    const context = ok(await t.call('customer', 'GET', `/api/materials/${lot}/context`));
    const type = context.materialTypes[0].key;
    const date = addDays(context.minDate[type], 30 + n);
    ok(await t.call('customer', 'POST', `/api/materials/${lot}?version=${context.version}`, [{ type, volume: 5, deliveryDate: date }]));
    const filter = encodeURIComponent(JSON.stringify({ rootProjectUnitID: school }));
    const lots = ok(await t.call('staff', 'GET', `${P}/delivery-overview?filter=${filter}&range=[0,99]`)) as { id: number; deliveryDate: string; deliveryType: number; version: number }[];
    const planned = lots.find((candidate) => candidate.deliveryDate === date && candidate.deliveryType !== 0);
    expect(planned).toBeDefined();
    const url = `${P}/delivery-overview/${planned!.id}`;
    const answers = await burst(n, () => t.call('staff', 'PUT', url, { deliveryLotID: planned!.id, deliveryType: 0, version: planned!.version }));
    expectOneWinner(answers);
    expect(ok(await t.call('staff', 'GET', url))).toMatchObject({ deliveryType: 0, version: planned!.version + 1 });
  }, TIMEOUT);

  it.each(SIZES)('order rows: %i edits, then as many deletes, of a row from one version: one winner each', async (n) => {
    const t = target();
    const lot = await unitId(t, 'Wandelemente Bauabschnitt 1', 'aacorderlot');
    const order = ok(await t.call('customer', 'GET', `/api/orders/${lot}`));
    const [item, doomed] = order.items.slice(-2);
    const fields = { sublotName: item.sublotName, floorName: item.floorName, productNo: item.productNo, itemLength: item.itemLength };
    const edits = await burst(n, (i) => t.call('customer', 'PUT', `/api/orders/${lot}/items/${item.id}`, { ...fields, qty: 10 + i, version: item.version }));
    expectOneWinner(edits);
    const deletes = await burst(n, () => t.call('customer', 'DELETE', `/api/orders/${lot}/items/${doomed.id}?version=${doomed.version}`));
    expectOneWinner(deletes, 204);
    const after = ok(await t.call('customer', 'GET', `/api/orders/${lot}`));
    expect(after.items.find((row: { id: number }) => row.id === item.id)).toMatchObject({ qty: 10 + winnerIndex(edits), version: item.version + 1 });
    expect(after.items.some((row: { id: number }) => row.id === doomed.id)).toBe(false);
    const [unit] = await t.db.select({ itemCount: projectUnits.itemCount }).from(projectUnits).where(eq(projectUnits.id, lot));
    expect(unit.itemCount).toBe(after.items.length);
  }, TIMEOUT);
}
