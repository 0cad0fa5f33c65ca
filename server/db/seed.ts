import { count, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import {
  addresses,
  bannerNotifications,
  bannerNotificationSalesOrgs,
  contacts,
  plants,
  preliminaryDays,
  productTypes,
  salesOrganisations,
  tenants,
  userProfiles,
  userSalesOrgs,
  users,
  userTenants,
} from './schema.js';
import { hashPassword } from '../lib/passwords.js';
import { demoAvatar } from '../lib/png.js';
import { avatarKey, type FileStorage } from '../services/file-storage.js';
import { queueMail } from '../services/mail-outbox.js';
import { seedDemoBulkOperations, seedDemoCatalogues } from './seed-catalogues.js';
import { demoTenantLogos } from './seed-logos.js';
import { seedDemoProjects, writeDemoFiles } from './seed-projects.js';
import { seedDemoDeliveries } from './seed-deliveries.js';
import { seedDemoOrders } from './seed-orders.js';
import { seedDemoIntegration } from './seed-integration.js';
import { seedDemoQuestionnaires } from './seed-questionnaire.js';
import { seedDemoMemberships } from './seed-members.js';
import { runEscalations } from '../services/scheduler.js';

export const DEMO_PASSWORD = 'Portal-Demo-1';

export interface DemoLogin {
  login: string;
  description: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { login: 'admin', description: 'internal, administrator' },
  { login: 'staff', description: 'internal, project planner (sets up projects), sales planner on the demo projects' },
  { login: 'configurer', description: 'internal, configurer (questionnaire schemas, workflow)' },
  { login: 'customer', description: 'external customer, reviewer on some demo projects' },
  { login: 'drafter', description: 'internal, drafter' },
  { login: 'partner', description: 'external login: "Sign in with Demo-ID" (the demo identity provider)' },
];

const DAY = 24 * 60 * 60 * 1000;

interface DemoUser {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'de' | 'en' | 'nl';
  isInternal?: boolean;
  isExternalLogin?: boolean;
  isAdmin?: boolean;
  isConfigurer?: boolean;
  isProjectPlanner?: boolean;
  dailyStatusMail?: boolean;
  avatar?: [[number, number, number], [number, number, number]];
  tenants: number[];
  salesOrgs: number[];
  company: { name: string; street1: string; zip: string; city: string; country: string };
  phone: string;
}

async function insertUser(tx: Tx, user: DemoUser, passwordHash: string): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      login: user.login,
      email: user.email,
      // External logins sign in through the identity provider only: they have no portal password.
      passwordHash: user.isExternalLogin ? null : passwordHash,
      isInternal: user.isInternal ?? false,
      isExternalLogin: user.isExternalLogin ?? false,
      isAdmin: user.isAdmin ?? false,
      isConfigurer: user.isConfigurer ?? false,
      isProjectPlanner: user.isProjectPlanner ?? false,
      language: user.language,
    })
    .returning({ id: users.id });
  const [address] = await tx.insert(addresses).values(user.company).returning({ id: addresses.id });
  const [contact] = await tx
    .insert(contacts)
    .values({ name: `${user.firstName} ${user.lastName}`, officePhone: user.phone, officeEMail: user.email })
    .returning({ id: contacts.id });
  await tx.insert(userProfiles).values({
    userId: row.id,
    firstName: user.firstName,
    lastName: user.lastName,
    dailyStatusMail: user.dailyStatusMail ?? false,
    hasProfileImage: Boolean(user.avatar),
    addressId: address.id,
    contactId: contact.id,
  });
  if (user.tenants.length) await tx.insert(userTenants).values(user.tenants.map((tenantId) => ({ userId: row.id, tenantId })));
  if (user.salesOrgs.length) await tx.insert(userSalesOrgs).values(user.salesOrgs.map((salesOrgId) => ({ userId: row.id, salesOrgId })));
  return row.id;
}

/** Fills an empty database with a living demo: tenants, sales organisations, plants, users, banners. */
export async function seedDemo(db: Db, files?: FileStorage, publicUrl = 'http://localhost'): Promise<void> {
  // One hash per account, each with its own random salt (the demo password is the same for all).
  const passwordHashes = new Map(await Promise.all(DEMO_LOGINS.map(async ({ login }) => [login, await hashPassword(DEMO_PASSWORD)] as const)));
  const avatars: { userId: number; png: Buffer }[] = [];
  let projectFileList: { key: string; bytes: Buffer }[] = [];
  let tenantIds: number[] = [];
  const seeded = await db.transaction(async (tx) => {
    // Several server processes starting on one empty PostgreSQL database: one seeds, the others find it seeded.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if (Number(existing.n) > 0) return false;
    const [nordstein, calcon, ccl] = await tx
      .insert(tenants)
      .values([
        { name: 'Nordstein Porenbeton', type: 'standard', defaultCountry: 'de', features: ['AdvancedSearch', 'ShowTenantInfo'], projectFeatureDefaults: ['ProjectTools', 'AllowCreateProjectUnits', 'ProjectInfoSheet', 'CreateStructure', 'DownloadSelectedFiles', 'HasJournal', 'ShowTenantInfo'], infoHtml: '<p><strong>Nordstein Porenbeton</strong> – Ihr Partner für Porenbeton-Wandelemente und Stürze.</p>' },
        { name: 'Calcon Bouwsystemen', type: 'standard', defaultCountry: 'nl', features: ['ShowTenantInfo', 'AdvancedSearch'], projectFeatureDefaults: ['ProjectTools', 'AllowCreateProjectUnits', 'ProjectInfoSheet', 'DownloadSelectedFiles', 'ShowTenantInfo'], infoHtml: '<p><strong>Calcon Bouwsystemen</strong> – cellenbeton elementen en lateien voor de Benelux.</p>' },
        { name: 'CCL Construction Components', type: 'ccl', defaultCountry: 'gb', features: [], projectFeatureDefaults: ['ProjectTools', 'HasJournal'], infoHtml: '<p>CCL drawing service: drawing jobs, check data and delivery schedules.</p>' },
      ])
      .returning({ id: tenants.id });
    tenantIds = [nordstein.id, calcon.id, ccl.id];
    await seedDemoCatalogues(tx, tenantIds);

    const plantRows = await tx
      .insert(plants)
      .values([
        { tenantId: nordstein.id, name: 'Werk Bremen' },
        { tenantId: nordstein.id, name: 'Werk Hannover' },
        { tenantId: calcon.id, name: 'Fabriek Deventer' },
        { tenantId: calcon.id, name: 'Usine Liège' },
        { tenantId: ccl.id, name: 'CCL Plant Leeds' },
      ])
      .returning({ id: plants.id, tenantId: plants.tenantId });

    const productTypeRows = await tx
      .insert(productTypes)
      .values([
        { tenantId: nordstein.id, title: 'Planelemente', materialKey: 'planelemente', bgColor: '#1565c0', textColor: '#ffffff' },
        { tenantId: nordstein.id, title: 'Stürze', materialKey: 'stuerze', bgColor: '#ef6c00', textColor: '#ffffff' },
        { tenantId: nordstein.id, title: 'Deckenelemente', materialKey: 'deckenelemente', bgColor: '#2e7d32', textColor: '#ffffff' },
        { tenantId: calcon.id, title: 'Elementen', materialKey: 'elementen', bgColor: '#6a1b9a', textColor: '#ffffff' },
        { tenantId: calcon.id, title: 'Lateien', materialKey: 'lateien', bgColor: '#f9a825', textColor: '#212121' },
        { tenantId: ccl.id, title: 'Wall panels', materialKey: 'wall-panels', bgColor: '#00838f', textColor: '#ffffff' },
      ])
      .returning({ id: productTypes.id, tenantId: productTypes.tenantId });

    const days = [10, 14, 7, 12, 9, 15, 11, 21, 8, 10];
    let index = 0;
    for (const plant of plantRows) {
      for (const productType of productTypeRows.filter((pt) => pt.tenantId === plant.tenantId)) {
        await tx.insert(preliminaryDays).values({ plantId: plant.id, productTypeId: productType.id, preliminaryDays: days[index++ % days.length] });
      }
    }

    const [nsDe, cbNl, cclUk] = await tx
      .insert(salesOrganisations)
      .values([
        { tenantId: nordstein.id, key: 'NS-DE', title: 'Nordstein Vertrieb Deutschland', defaultPlantId: plantRows[0].id, additionalInfo: { homepage: 'https://www.nordstein.example', contactmail: 'vertrieb@nordstein.example', imageUrl: '/images/salesorgs/ns-de.svg' } },
        { tenantId: calcon.id, key: 'CB-NL', title: 'Calcon Verkoop Nederland', defaultPlantId: plantRows[2].id, additionalInfo: { homepage: 'https://www.calcon.example', contactmail: 'verkoop@calcon.example', imageUrl: '/images/salesorgs/cb-nl.svg' } },
        { tenantId: ccl.id, key: 'CCL-UK', title: 'CCL Sales United Kingdom', defaultPlantId: plantRows[4].id, additionalInfo: { homepage: 'https://www.ccl.example', contactmail: 'sales@ccl.example' } },
      ])
      .returning({ id: salesOrganisations.id });

    const allTenants = [nordstein.id, calcon.id, ccl.id];
    const allSalesOrgs = [nsDe.id, cbNl.id, cclUk.id];
    const demoUsers: DemoUser[] = [
      { login: 'admin', email: 'admin@portal.example', firstName: 'Andrea', lastName: 'Admin', language: 'en', isInternal: true, isAdmin: true, avatar: [[239, 108, 0], [31, 58, 95]], tenants: allTenants, salesOrgs: allSalesOrgs, company: { name: 'Portal Operations', street1: 'Industriestraße 1', zip: '28199', city: 'Bremen', country: 'DE' }, phone: '+49 421 555 0100' },
      { login: 'staff', email: 'staff@nordstein.example', firstName: 'Stefan', lastName: 'Planer', language: 'de', isInternal: true, isProjectPlanner: true, dailyStatusMail: true, avatar: [[47, 111, 94], [31, 58, 95]], tenants: allTenants, salesOrgs: [nsDe.id, cbNl.id], company: { name: 'Nordstein Porenbeton GmbH', street1: 'Am Werk 4', zip: '28197', city: 'Bremen', country: 'DE' }, phone: '+49 421 555 0200' },
      { login: 'configurer', email: 'configurer@portal.example', firstName: 'Carla', lastName: 'Konfig', language: 'de', isInternal: true, isConfigurer: true, tenants: allTenants, salesOrgs: [], company: { name: 'Portal Operations', street1: 'Industriestraße 1', zip: '28199', city: 'Bremen', country: 'DE' }, phone: '+49 421 555 0300' },
      { login: 'customer', email: 'customer@bouwbedrijf.example', firstName: 'Kees', lastName: 'Klant', language: 'en', tenants: [nordstein.id, calcon.id], salesOrgs: [nsDe.id, cbNl.id], company: { name: 'Bouwbedrijf Van Dijk B.V.', street1: 'Havenweg 12', zip: '3011 AB', city: 'Rotterdam', country: 'NL' }, phone: '+31 10 555 1200' },
      { login: 'drafter', email: 'drafter@nordstein.example', firstName: 'Dana', lastName: 'Zeichner', language: 'de', isInternal: true, avatar: [[106, 27, 154], [249, 168, 37]], tenants: [nordstein.id, ccl.id], salesOrgs: [nsDe.id], company: { name: 'Nordstein Porenbeton GmbH', street1: 'Am Werk 4', zip: '28197', city: 'Bremen', country: 'DE' }, phone: '+49 421 555 0400' },
      { login: 'partner', email: 'partner@bauunternehmen.example', firstName: 'Paul', lastName: 'Partner', language: 'de', isExternalLogin: true, tenants: [nordstein.id], salesOrgs: [nsDe.id], company: { name: 'Bauunternehmen Schulte GmbH', street1: 'Lindenallee 7', zip: '30159', city: 'Hannover', country: 'DE' }, phone: '+49 511 555 0700' },
    ];
    for (const user of demoUsers) {
      const userId = await insertUser(tx, user, passwordHashes.get(user.login) ?? (await hashPassword(DEMO_PASSWORD)));
      if (user.avatar) avatars.push({ userId, png: demoAvatar(...user.avatar) });
    }
    projectFileList = await seedDemoProjects(tx);
    await seedDemoQuestionnaires(tx);
    await seedDemoDeliveries(tx);
    await seedDemoOrders(tx);
    await seedDemoIntegration(tx);
    await seedDemoBulkOperations(tx);
    await seedDemoMemberships(tx, publicUrl);
    await queueMail(tx, {
      kind: 'welcome',
      recipient: 'customer@bouwbedrijf.example',
      subject: 'Welcome to planXchange',
      body: 'Hello Kees,\n\nyour planXchange account "customer" is ready. Log in at /home/app/login.\n\nYour planXchange team',
      sender: { system: 'demo-seed' },
    });

    const now = Date.now();
    const banners = [
      { title: 'Neue Lieferzeiten Werk Bremen', text: 'Ab dem 1. Dezember gelten für das Werk Bremen um zwei Tage längere Vorlaufzeiten.', level: 'info', from: now - DAY, until: now + 20 * DAY, orgs: [nsDe.id] },
      { title: 'Wartungsarbeiten am Portal', text: 'Am Samstag zwischen 06:00 und 08:00 Uhr ist das Portal wegen Wartungsarbeiten nicht erreichbar.', level: 'warning', from: now - 2 * DAY, until: now + 5 * DAY, orgs: [nsDe.id, cbNl.id] },
      { title: 'Winterpauze fabriek Deventer', text: 'Tussen Kerst en Nieuwjaar worden er vanuit Deventer geen leveringen gedaan.', level: 'important', from: now + 10 * DAY, until: now + 40 * DAY, orgs: [cbNl.id] },
      { title: 'Prijsaanpassing lateien', text: 'Per 1 januari worden de prijzen van lateien aangepast.', level: 'info', from: now - 60 * DAY, until: now - 30 * DAY, orgs: [cbNl.id] },
    ];
    for (const banner of banners) {
      const [row] = await tx
        .insert(bannerNotifications)
        .values({ title: banner.title, text: banner.text, level: banner.level, showFrom: new Date(banner.from), showUntil: new Date(banner.until) })
        .returning({ id: bannerNotifications.id });
      await tx.insert(bannerNotificationSalesOrgs).values(banner.orgs.map((salesOrgId) => ({ notificationId: row.id, salesOrgId })));
    }
    return true;
  });
  if (!seeded) return;
  // Overdue demo stays (a review waiting for 9 days) are escalated as the scheduler would: delayed entries, mails.
  await runEscalations(db);
  // Files after the commit: a failed seed leaves no orphan files behind.
  if (files) {
    for (const { userId, png } of avatars) await files.put(avatarKey(userId), png);
    await writeDemoFiles(files, projectFileList);
    for (const logo of demoTenantLogos(tenantIds)) await files.put(logo.key, logo.bytes);
    await db.update(tenants).set({ hasLogo: true }).where(inArray(tenants.id, tenantIds));
  }
}
