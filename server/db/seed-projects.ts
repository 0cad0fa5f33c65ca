import { eq, inArray } from 'drizzle-orm';
import { formatUnitData, isClosedState, parseUnitData, type MemberRole, type ProjectFeature, type UnitType, type UnitVariant } from '../../src/domain/projectUnits.js';
import { actorRoles, type TenantType } from '../../src/domain/workflow.js';
import { withOrderNumber } from '../../src/domain/assignments.js';
import { historyPath } from '../../src/domain/workflowDefinition.js';
import { defaultWorkflow } from '../lib/workflow-definition.js';
import { simplePdf } from '../lib/pdf.js';
import { writePng } from '../lib/png.js';
import type { FileStorage } from '../services/file-storage.js';
import { DEMO_IFC_FILE_NAME, demoIfcModel, maaskadeIfcModel } from './fixtures/ifc-demo.js';
import { HOUSE_IFC_FILE_NAME, houseIfcModel } from './fixtures/ifc-demo-house.js';
import { SCHOOL_IFC_FILE_NAME, schoolIfcModel } from './fixtures/ifc-demo-school.js';
import { contentHash } from '../services/ifc-viewer.js';
import type { Tx } from './client.js';
import {
  addresses,
  contacts,
  deliveryNotifications,
  plants,
  productTypes,
  projectFiles,
  projectMembers,
  projectUnitJournal,
  projectUnits,
  questionnaireAnswers,
  salesOrganisations,
  tenants,
  users,
} from './schema.js';

interface DemoUnit {
  type: UnitType;
  title: string;
  variant?: UnitVariant;
  state?: string;
  notes?: string;
  deliveryDate?: string;
  productType?: string;
  plant?: string;
  /** Staff's order number, stored as `OrderNumber=` in the unit's data. */
  orderNumber?: string;
  /** The model's walls the lot brings, stored as `WallNos=` in its data (as the structure links them). */
  wallNos?: string[];
  /** Days since the unit entered its state (children; roots have their own). */
  daysInState?: number;
  files?: DemoFile[];
  children?: DemoUnit[];
}

interface DemoFile {
  name: string;
  kind: 'pdf' | 'png' | 'ifc';
  lines?: string[];
  /** For kind 'ifc': the model's STEP text. */
  model?: () => string;
}

interface DemoProject extends DemoUnit {
  salesOrg: string;
  daysInState: number;
  features: ProjectFeature[];
  members: [string, MemberRole][];
  site: { name: string; street1: string; zip: string; city: string; country: string };
  contact: { name: string; officePhone: string; companyMobile: string; officeEMail: string };
  infoSheetValid?: boolean;
}

const DEMO_CONTENT_TYPES: Record<DemoFile['kind'], string> = { pdf: 'application/pdf', png: 'image/png', ifc: 'application/x-step' };

const ALL_FEATURES: ProjectFeature[] = ['ProjectTools', 'AllowCreateProjectUnits', 'ProjectInfoSheet', 'CreateStructure', 'DeliveryOverview', 'DownloadSelectedFiles', 'HasJournal', 'ShowTenantInfo'];

const DAY = 86_400_000;
/** Walls W01–W06 of a storey of the Schule am Stadtpark model (S-EG, S-OG): what its lots bring. */
const schoolWalls = (storey: string) => Array.from({ length: 6 }, (_, index) => `${storey}-W0${index + 1}`);
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Several root projects per tenant, in different states, with every kind of unit, member role and file. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    salesOrg: 'NS-DE', type: 'project', title: 'Wohnpark Weserblick', state: 'Structuring', daysInState: 3, features: ALL_FEATURES,
    notes: 'Drei Mehrfamilienhäuser mit Tiefgarage, Porenbeton-Planelemente und Stürze.',
    members: [['customer', 'reviewer'], ['staff', 'salesPlanner'], ['partner', 'purchaser'], ['drafter', 'drafter']],
    site: { name: 'Baustelle Wohnpark Weserblick', street1: 'Weserpromenade 12', zip: '28217', city: 'Bremen', country: 'DE' },
    contact: { name: 'Jens Bauleiter', officePhone: '+49 421 555 7100', companyMobile: '+49 171 555 7101', officeEMail: 'bauleitung@weserblick.example' },
    infoSheetValid: true,
    files: [
      { name: 'Baubeschreibung.pdf', kind: 'pdf', lines: ['Wohnpark Weserblick, Bremen', 'Drei Mehrfamilienhäuser, 42 Wohneinheiten', 'Außenwände: Porenbeton-Planelemente 365 mm', 'Innenwände: Planelemente 115 und 175 mm'] },
      { name: 'Lageplan.png', kind: 'png' },
      { name: DEMO_IFC_FILE_NAME, kind: 'ifc', model: demoIfcModel },
    ],
    children: [
      {
        type: 'subproject', title: 'Haus A', notes: 'Viergeschossig, Fertigstellung Sommer.', productType: 'Planelemente',
        files: [{ name: 'Grundriss-EG-Haus-A.pdf', kind: 'pdf', lines: ['Grundriss Erdgeschoss Haus A', 'Maßstab 1:100', 'Wohnungen A.01 bis A.04'] }],
        children: [
          { type: 'approvallot', title: 'Erdgeschoss', deliveryDate: inDays(40) },
          { type: 'approvallot', title: 'Obergeschoss', deliveryDate: inDays(55), notes: 'Lieferung zweiteilig.' },
        ],
      },
      { type: 'subproject', title: 'Haus B', variant: 'aac_elements', children: [{ type: 'aacorderlot', title: 'Wandelemente Haus B', deliveryDate: inDays(60) }] },
      { type: 'subproject', title: 'Stürze', variant: 'lintel', productType: 'Stürze', children: [{ type: 'lintelorderlot', title: 'Stürze Haus A und B', deliveryDate: inDays(50) }] },
      { type: 'folder', title: 'Pläne und Unterlagen', files: [{ name: 'Bauzeitenplan.pdf', kind: 'pdf', lines: ['Bauzeitenplan Wohnpark Weserblick', 'Rohbau Haus A: KW 10 bis KW 22', 'Rohbau Haus B: KW 16 bis KW 28'] }] },
    ],
  },
  {
    salesOrg: 'NS-DE', type: 'project', title: 'Schule am Stadtpark', state: 'InProgress', daysInState: 12, features: ['ProjectTools', 'ProjectInfoSheet', 'CreateStructure', 'DownloadSelectedFiles', 'HasJournal', 'DeliveryOverview'],
    members: [['customer', 'reviewer'], ['staff', 'salesPlanner'], ['admin', 'processPlanner'], ['partner', 'bimCoordinator']],
    site: { name: 'Grundschule am Stadtpark', street1: 'Parkallee 3', zip: '30159', city: 'Hannover', country: 'DE' },
    contact: { name: 'Petra Schulbau', officePhone: '+49 511 555 2200', companyMobile: '', officeEMail: 'hochbau@hannover.example' },
    infoSheetValid: true,
    files: [{ name: 'Ausschreibung.pdf', kind: 'pdf', lines: ['Neubau Grundschule am Stadtpark', 'Los 3: Porenbeton-Wandelemente'] }, { name: SCHOOL_IFC_FILE_NAME, kind: 'ifc', model: schoolIfcModel }],
    children: [
      {
        type: 'subproject', title: 'Neubau Klassentrakt', productType: 'Planelemente', plant: 'Werk Hannover', orderNumber: 'AB-2026-1187',
        children: [
          { type: 'approvallot', title: 'Bauabschnitt 1', state: 'ReviewPreliminaryDrawings', daysInState: 9, deliveryDate: inDays(30), productType: 'Planelemente', plant: 'Werk Hannover', orderNumber: 'AB-2026-1187/1' },
          { type: 'approvallot', title: 'Bauabschnitt 2', state: 'Preparing', daysInState: 4, deliveryDate: inDays(45), productType: 'Planelemente', plant: 'Werk Hannover', orderNumber: 'AB-2026-1187/2' },
        ],
      },
      // The order lots bring the walls of the model's storeys; those of Bauabschnitt 2 are still empty: the
      // customer proposes their rows from the model.
      {
        type: 'subproject', title: 'Stürze Klassentrakt', variant: 'lintel',
        children: [
          { type: 'lintelorderlot', title: 'Stürze Bauabschnitt 1', state: 'PlaceOrder', productType: 'Stürze', plant: 'Werk Hannover', wallNos: schoolWalls('S-EG') },
          { type: 'lintelorderlot', title: 'Stürze Bauabschnitt 2', state: 'PlaceOrder', daysInState: 1, productType: 'Stürze', plant: 'Werk Hannover', wallNos: schoolWalls('S-OG') },
        ],
      },
      {
        type: 'subproject', title: 'Wandelemente Klassentrakt', variant: 'aac_elements',
        children: [
          { type: 'aacorderlot', title: 'Wandelemente Bauabschnitt 1', state: 'PlaceOrder', daysInState: 2, productType: 'Planelemente', plant: 'Werk Hannover', wallNos: schoolWalls('S-EG') },
          { type: 'aacorderlot', title: 'Wandelemente Bauabschnitt 2', state: 'PlaceOrder', daysInState: 1, productType: 'Planelemente', plant: 'Werk Hannover', wallNos: schoolWalls('S-OG') },
        ],
      },
    ],
  },
  {
    salesOrg: 'NS-DE', type: 'project', title: 'Gewerbehof Nord', state: 'PendingValidation', daysInState: 2, features: ['ProjectTools', 'HasJournal'],
    members: [['staff', 'salesPlanner'], ['drafter', 'projectAdminCSC']],
    site: { name: 'Gewerbehof Nord', street1: 'Hafenstraße 88', zip: '28217', city: 'Bremen', country: 'DE' },
    contact: { name: 'Olaf Gewerbe', officePhone: '+49 421 555 8800', companyMobile: '', officeEMail: 'info@gewerbehof.example' },
    // No product types yet: the sales planner assigns them before "Ready for contract".
    children: [{ type: 'subproject', title: 'Halle 1', children: [{ type: 'approvallot', title: 'Außenwände Halle 1' }, { type: 'approvallot', title: 'Innenwände Halle 1' }] }],
  },
  {
    salesOrg: 'NS-DE', type: 'project', title: 'Altbau Sanierung Mitte', state: 'Closed', daysInState: 40, features: ['HasJournal'],
    members: [['customer', 'member'], ['staff', 'salesPlanner']],
    site: { name: 'Sanierung Mitte', street1: 'Am Markt 5', zip: '28195', city: 'Bremen', country: 'DE' },
    contact: { name: 'Karl Altbau', officePhone: '+49 421 555 5500', companyMobile: '', officeEMail: '' },
    children: [{ type: 'subproject', title: 'Vorderhaus', children: [{ type: 'approvallot', title: 'Dachgeschoss', state: 'Approved' }] }],
  },
  {
    salesOrg: 'CB-NL', type: 'project', title: 'Appartementen Maaskade', state: 'Structuring', daysInState: 1, features: ['ProjectTools', 'HideMemberEMail', 'AllowCreateProjectUnits', 'ProjectInfoSheet', 'DownloadSelectedFiles', 'ShowTenantInfo'],
    members: [['customer', 'projectCoordinator'], ['staff', 'salesPlanner'], ['admin', 'salesContact']],
    site: { name: 'Bouwplaats Maaskade', street1: 'Maaskade 140', zip: '3071 NL', city: 'Rotterdam', country: 'NL' },
    contact: { name: 'Anouk Uitvoerder', officePhone: '+31 10 555 3300', companyMobile: '+31 6 5555 3301', officeEMail: 'uitvoering@maaskade.example' },
    files: [{ name: 'Bestek.pdf', kind: 'pdf', lines: ['Appartementen Maaskade, Rotterdam', 'Cellenbeton wandelementen en lateien'] }, { name: 'Situatie.png', kind: 'png' }, { name: 'Maaskade.ifc', kind: 'ifc', model: maaskadeIfcModel }],
    children: [{ type: 'subproject', title: 'Toren Noord', children: [{ type: 'approvallot', title: 'Verdieping 1-4' }] }],
  },
  {
    // Issue #29: a house in Structuring with nothing built yet; its model gives the structure and the AAC order.
    salesOrg: 'NS-DE', type: 'project', title: 'Neubau Lindenweg', state: 'Structuring', daysInState: 2, features: ['ProjectTools', 'ProjectInfoSheet', 'CreateStructure', 'DownloadSelectedFiles', 'DeliveryOverview'],
    notes: 'Einfamilienhaus, zwei Geschosse, Porenbeton-Planelemente.',
    members: [['customer', 'reviewer'], ['staff', 'salesPlanner'], ['drafter', 'drafter']],
    site: { name: 'Baustelle Lindenweg', street1: 'Lindenweg 7', zip: '28359', city: 'Bremen', country: 'DE' },
    contact: { name: 'Jens Bauleiter', officePhone: '+49 421 555 7100', companyMobile: '', officeEMail: 'bauleitung@lindenweg.example' },
    files: [{ name: HOUSE_IFC_FILE_NAME, kind: 'ifc', model: houseIfcModel }],
  },
  {
    salesOrg: 'CB-NL', type: 'project', title: 'Distributiecentrum Venlo', state: 'PendingContract', daysInState: 9, features: ['HasJournal'],
    members: [['staff', 'salesPlanner'], ['partner', 'customerServiceBackoffice']],
    site: { name: 'DC Venlo', street1: 'Logistiekweg 1', zip: '5928 RC', city: 'Venlo', country: 'NL' },
    contact: { name: 'Bram Logistiek', officePhone: '+31 77 555 4400', companyMobile: '', officeEMail: 'bouw@dcvenlo.example' },
  },
  {
    // A BIM project waiting for its files to be reviewed (the workflow editor's publish shows it as under way).
    salesOrg: 'NS-DE', type: 'project', title: 'Ärztehaus am Markt', state: 'ReviewBIMFiles', daysInState: 3, features: ['ProjectTools', 'HasJournal', 'DownloadSelectedFiles'],
    members: [['staff', 'salesPlanner'], ['partner', 'bimCoordinator']],
    site: { name: 'Ärztehaus am Markt', street1: 'Marktplatz 3', zip: '28195', city: 'Bremen', country: 'DE' },
    contact: { name: 'Petra Praxisbau', officePhone: '+49 421 555 7300', companyMobile: '', officeEMail: 'bau@aerztehaus.example' },
  },
  {
    salesOrg: 'CCL-UK', type: 'project', title: 'Riverside Apartments', state: 'Preparing', daysInState: 4, features: ['ProjectTools', 'HasJournal', 'DownloadSelectedFiles', 'ProjectInfoSheet'],
    members: [['drafter', 'drafter'], ['staff', 'customerServiceBackoffice'], ['partner', 'projectCoordinator']],
    site: { name: 'Riverside Apartments', street1: '12 Quay Street', zip: 'LS1 4BR', city: 'Leeds', country: 'GB' },
    contact: { name: 'Sam Site', officePhone: '+44 113 555 0900', companyMobile: '', officeEMail: 'site@riverside.example' },
    children: [
      {
        type: 'subproject', title: 'Block A',
        children: [
          { type: 'drawingjob', title: 'DJ-01 Ground floor', state: 'CCLReadyForDrawing' },
          { type: 'drawingjob', title: 'DJ-02 First floor', state: 'CCLNotReadyForDrawing' },
        ],
      },
    ],
  },
];

function demoPng(seed: number): Buffer {
  return writePng(160, 100, (x, y) => {
    const road = Math.abs(y - 50 - Math.sin(x / 20 + seed) * 10) < 4;
    const building = x % 40 > 8 && x % 40 < 32 && y % 50 > 10 && y % 50 < 38;
    if (road) return [120, 120, 120];
    if (building) return [31, 58, 95];
    return [220, 235, 220];
  });
}

interface SeedContext {
  tx: Tx;
  files: { key: string; bytes: Buffer }[];
  productTypeIds: Map<string, number>;
  plantIds: Map<string, number>;
  counter: { value: number };
}

async function insertUnit(ctx: SeedContext, unit: DemoUnit, parent: { id: number; rootId: number; number: string; variant: UnitVariant; tenantId: number; salesOrgId: number | null } | null, index: number, extra: Partial<typeof projectUnits.$inferInsert> = {}) {
  const number = parent ? `${parent.number}-${String(index + 1).padStart(2, '0')}` : String(extra.number);
  const { number: _number, ...overrides } = extra;
  const variant = unit.variant ?? (parent && unit.type !== 'subproject' ? parent.variant : 'other');
  const [row] = await ctx.tx
    .insert(projectUnits)
    .values({
      rootId: parent?.rootId ?? null,
      parentId: parent?.id ?? null,
      tenantId: parent?.tenantId ?? extra.tenantId!,
      salesOrgId: parent?.salesOrgId ?? extra.salesOrgId ?? null,
      type: unit.type,
      variant,
      number,
      title: unit.title,
      notes: unit.notes ?? '',
      stateKey: unit.state ?? (unit.type === 'folder' ? '' : 'Structuring'),
      stateSince: new Date(Date.now() - (unit.daysInState ?? ++ctx.counter.value % 9) * DAY),
      deliveryDate: unit.deliveryDate ?? null,
      productTypeId: unit.productType ? ctx.productTypeIds.get(unit.productType) : null,
      plantId: unit.plant ? ctx.plantIds.get(unit.plant) : null,
      data: unit.wallNos ? formatUnitData({ ...parseUnitData(withOrderNumber('', unit.orderNumber ?? '')), WallNos: unit.wallNos.join(',') }) : withOrderNumber('', unit.orderNumber ?? ''),
      ...overrides,
    })
    .returning();
  const rootId = parent?.rootId ?? row.id;
  if (!parent) await ctx.tx.update(projectUnits).set({ rootId }).where(eq(projectUnits.id, row.id));
  for (const [fileIndex, file] of (unit.files ?? []).entries()) {
    const bytes = file.kind === 'pdf' ? simplePdf(file.name.replace(/\.pdf$/, ''), file.lines ?? []) : file.kind === 'ifc' ? Buffer.from(file.model!(), 'utf8') : demoPng(row.id + fileIndex);
    const key = `projects/${rootId}/${row.id}-${fileIndex}-${file.name.toLowerCase()}`;
    ctx.files.push({ key, bytes });
    await ctx.tx.insert(projectFiles).values({ rootId, unitId: row.id, name: file.name, contentType: DEMO_CONTENT_TYPES[file.kind], size: bytes.length, storageKey: key, contentHash: contentHash(bytes) });
  }
  const self = { id: row.id, rootId, number, variant: variant as UnitVariant, tenantId: row.tenantId, salesOrgId: row.salesOrgId };
  for (const [childIndex, child] of (unit.children ?? []).entries()) await insertUnit(ctx, child, self, childIndex);
}

/** Inserts the demo projects; returns the files to write once the transaction has committed. */
export async function seedDemoProjects(tx: Tx): Promise<{ key: string; bytes: Buffer }[]> {
  const ctx: SeedContext = { tx, files: [], productTypeIds: new Map(), plantIds: new Map(), counter: { value: 0 } };
  for (const row of await tx.select().from(productTypes)) ctx.productTypeIds.set(row.title, row.id);
  for (const row of await tx.select().from(plants)) ctx.plantIds.set(row.name, row.id);
  const orgs = new Map((await tx.select().from(salesOrganisations)).map((org) => [org.key, org]));
  const userIds = new Map((await tx.select({ id: users.id, login: users.login }).from(users)).map((u) => [u.login, u.id]));
  const sequence = new Map<string, number>();
  const year = new Date().getFullYear();
  for (const project of DEMO_PROJECTS) {
    const org = orgs.get(project.salesOrg)!;
    const next = (sequence.get(org.key) ?? 0) + 1;
    sequence.set(org.key, next);
    const [site] = await tx.insert(addresses).values(project.site).returning({ id: addresses.id });
    const [contact] = await tx.insert(contacts).values(project.contact).returning({ id: contacts.id });
    await insertUnit(ctx, project, null, 0, {
      number: `${org.key}-${year}-${String(next).padStart(4, '0')}`,
      tenantId: org.tenantId,
      salesOrgId: org.id,
      siteAddressId: site.id,
      siteContactId: contact.id,
      features: project.features,
      stateSince: new Date(Date.now() - project.daysInState * DAY),
    });
    const [root] = await tx.select().from(projectUnits).where(eq(projectUnits.title, project.title));
    for (const [login, role] of project.members) await tx.insert(projectMembers).values({ rootId: root.id, userId: userIds.get(login)!, role });
    if (project.infoSheetValid !== undefined) await tx.insert(questionnaireAnswers).values({ rootId: root.id, isValid: project.infoSheetValid });
  }
  await seedHistory(tx);
  await seedDeliveryNotifications(tx, userIds);
  return ctx.files;
}

/**
 * A journal for every demo unit that has left its initial state: the shortest way through the default
 * workflow to where it stands, each step by a member holding the step's role, the last step at stateSince.
 */
async function seedHistory(tx: Tx): Promise<void> {
  const definition = defaultWorkflow();
  const units = await tx
    .select({ id: projectUnits.id, rootId: projectUnits.rootId, type: projectUnits.type, stateKey: projectUnits.stateKey, stateSince: projectUnits.stateSince, tenantType: tenants.type })
    .from(projectUnits)
    .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId));
  const members = await tx
    .select({ rootId: projectMembers.rootId, userId: projectMembers.userId, role: projectMembers.role, isInternal: users.isInternal, isAdmin: users.isAdmin })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId));
  const entries: (typeof projectUnitJournal.$inferInsert)[] = [];
  for (const unit of units) {
    if (!unit.stateKey) continue;
    const tenantType: TenantType = unit.tenantType === 'ccl' ? 'ccl' : 'standard';
    const isRoot = unit.id === unit.rootId;
    const closing = isClosedState(unit.stateKey);
    let steps = historyPath(definition, unit.type, tenantType, closing ? 'InProgress' : unit.stateKey, isRoot) ?? [];
    if (closing) {
      const close = historyPath(definition, unit.type, tenantType, unit.stateKey, isRoot)?.at(-1);
      if (close) steps = [...steps, { ...close, from: steps.at(-1)?.to ?? close.from }];
    }
    const rootMembers = members.filter((member) => member.rootId === unit.rootId);
    steps.forEach((step, index) => {
      const actor =
        rootMembers.find((member) => actorRoles(member).some((role) => step.roles.includes(role))) ?? rootMembers.find((member) => member.isInternal);
      const daysBefore = (steps.length - 1 - index) * 3;
      entries.push({
        rootId: unit.rootId!,
        unitId: unit.id,
        userId: actor?.userId ?? null,
        oldState: step.from,
        newState: step.to,
        action: step.action,
        message: step.action === 'RequestChanges' ? 'Bitte Öffnungen im Achsraster B prüfen.' : '',
        createdAt: new Date(unit.stateSince.getTime() - daysBefore * DAY - index * 60_000),
      });
    });
  }
  if (entries.length) await tx.insert(projectUnitJournal).values(entries);
}

/** New delivery data customers entered on Schule am Stadtpark: what the Workflows page shows staff. */
async function seedDeliveryNotifications(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const lots = await tx.select().from(projectUnits).where(inArray(projectUnits.title, ['Bauabschnitt 1', 'Bauabschnitt 2']));
  const material = (type: string, volume: number, days: number) => ({ type, volume, deliveryDate: inDays(days) });
  const rows = [
    { title: 'Bauabschnitt 1', days: 3, data: [material('Planelemente', 42.5, 30), material('Stürze', 3.2, 30)] },
    { title: 'Bauabschnitt 2', days: 1, data: [material('Planelemente', 61, 45)] },
    { title: 'Bauabschnitt 2', days: 0, data: [material('Planelemente', 58.75, 47), material('Mauersteine', 12, 47)] },
  ];
  for (const row of rows) {
    const lot = lots.find((candidate) => candidate.title === row.title);
    if (!lot) continue;
    await tx.insert(deliveryNotifications).values({
      rootId: lot.rootId!,
      unitId: lot.id,
      userId: userIds.get('customer') ?? null,
      materialData: row.data,
      createdAt: new Date(Date.now() - row.days * DAY - 3_600_000),
    });
  }
}

export async function writeDemoFiles(files: FileStorage, list: { key: string; bytes: Buffer }[]): Promise<void> {
  for (const file of list) await files.put(file.key, file.bytes);
}
