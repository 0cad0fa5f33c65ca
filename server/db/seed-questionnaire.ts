import { and, eq } from 'drizzle-orm';
import { questionnaireValidity, type QuestionnaireAnswers } from '../../src/domain/questionnaire/index.js';
import { rootQuestionnaire } from '../lib/questionnaire.js';
import { shippedSheets } from '../lib/questionnaire-sheets.js';
import type { Tx } from './client.js';
import { projectUnitParams, projectUnits, questionnaireAnswers, questionnaireSheets, tenants } from './schema.js';

interface DemoQuestionnaire {
  project: string;
  params: Record<string, string>;
  /** Saved answers (`_versions` pins older versions; the rest get the newest), and whether they must come out valid. */
  answers?: { data: QuestionnaireAnswers; valid: boolean };
}

const storey = (clearHeight: number, exterior: number, bearing: number, partition: number, party = 0) => ({
  clearHeight,
  openingShare: 22,
  exteriorArea: exterior,
  exteriorThickness: '365',
  exteriorHeight: clearHeight,
  bearingArea: bearing,
  bearingThickness: '240',
  bearingHeight: clearHeight,
  partitionArea: partition,
  partitionThickness: '115',
  partitionHeight: clearHeight,
  ...(party ? { partyArea: party, partyThickness: '240', partyHeight: clearHeight } : {}),
});

/** Demo answers: Wohnpark Weserblick complete, Schule am Stadtpark complete on older lintel sheet, Gewerbehof Nord incomplete. */
const DEMO_QUESTIONNAIRES: DemoQuestionnaire[] = [
  {
    project: 'Wohnpark Weserblick',
    params: { Country: 'de' },
    answers: {
      valid: true,
      data: {
        'xde-general': {
          project: { buildingType: 'residential', constructionType: 'new', storeys: 4, basement: true, dwellings: 42, startOfConstruction: '04/2027', permit: 'granted', structuralEngineer: 'Ingenieurbüro Hansen & Partner' },
          contact: { siteManager: 'Jens Bauleiter', phone: '+49 171 555 7101', email: 'bauleitung@weserblick.example', reachable: 'Mo–Fr 7–16 Uhr' },
          materials: { planelemente: true, stuerze: true },
          logistics: { crane: true, craneCapacity: 2.5, craneReach: 45, truckAccess40t: true, unloadingZone: 'onSite', storageArea: 300, deliveryWindow: 'morning', remarks: 'Zufahrt über die Weserpromenade; den Schulweg bis 8:15 Uhr bitte meiden.' },
        },
        'xde-planelemente': {
          specification: { wallThicknesses: ['115', '240', '365'], strengthClass: 'PP4-0.50', fireResistance: 'REI90', soundInsulation: true, elementHeight: 2.75, installationBy: 'manufacturer', mortarIncluded: true },
          surface: { smooth: true },
          openings: { openingsInPlans: true, electricSlots: true },
          wallSchedule: {
            basement: storey(2.5, 260, 120, 40),
            ground: storey(2.75, 410, 220, 180, 150),
            first: storey(2.75, 410, 220, 180, 150),
            second: storey(2.75, 410, 220, 180, 150),
            third: { ...storey(2.75, 380, 200, 160, 140), remarks: 'Staffelgeschoss auf der Nordseite zurückgesetzt.' },
          },
          connections: { exterior: { ringBeam: true }, party: { slidingJoint: true } },
          statics: { staticsAvailable: true, staticsBy: 'Ingenieurbüro Hansen & Partner', windLoadZone: 2, snowLoadZone: 2 },
          delivery: { firstDeliveryWeek: '14/2027', deliveriesPerWeek: 3, packPerStorey: true, returnPallets: true },
          accessories: { mortarBags: 120, flatAnchors: 800, clampRental: true },
        },
        'xde-stuerze': {
          lintels: { lintelType: 'bearing', wallThicknesses: ['240', '365'], maxClearSpan: 2.01, count: 96, fireRating: 'REI90', exposure: 'external' },
          supply: { listFromPlans: true },
        },
      },
    },
  },
  {
    project: 'Schule am Stadtpark',
    params: { Country: 'DE' },
    answers: {
      valid: true,
      data: {
        _versions: { 'xde-stuerze': 1 },
        'xde-general': {
          project: { buildingType: 'education', constructionType: 'new', storeys: 2, startOfConstruction: '09/2026', permit: 'granted' },
          contact: { siteManager: 'Petra Schulbau', phone: '+49 511 555 2200', email: 'hochbau@hannover.example' },
          materials: { planelemente: true, stuerze: true },
          logistics: { crane: true, craneCapacity: 1.8, truckAccess40t: true, unloadingZone: 'street', deliveryWindow: 'early', remarks: 'Anlieferung nur vor Schulbeginn; Halteverbot in der Parkallee ist beantragt.' },
        },
        'xde-planelemente': {
          specification: { wallThicknesses: ['175', '240', '300'], strengthClass: 'PP4-0.55', fireResistance: 'REI90', elementHeight: 3.25, installationBy: 'subcontractor', subcontractor: 'Montagebau Weber GmbH' },
          surface: { structured: true },
          wallSchedule: { ground: storey(3.25, 520, 260, 90), first: storey(3.25, 500, 240, 110) },
        },
        'xde-stuerze': { lintels: { lintelType: 'both', wallThicknesses: ['175', '300'], maxClearSpan: 1.76, count: 48 } },
      },
    },
  },
  {
    project: 'Gewerbehof Nord',
    params: {},
    answers: {
      valid: false,
      data: {
        'xde-general': {
          project: { buildingType: 'industrial', constructionType: 'new', storeys: 1, startOfConstruction: '05/2027' },
          materials: { planelemente: true },
          logistics: { unloadingZone: 'onSite' },
        },
        'xde-planelemente': { specification: { wallThicknesses: ['300'], strengthClass: 'PP4-0.50' } },
      },
    },
  },
  { project: 'Appartementen Maaskade', params: { Country: 'nl' } },
  { project: 'Distributiecentrum Venlo', params: { Country: 'NL', BrickAssortment: 'True' } },
];

/** The shipped sheet versions, published. */
export async function seedQuestionnaireSheets(tx: Tx): Promise<void> {
  const now = new Date();
  for (const sheet of shippedSheets()) {
    await tx.insert(questionnaireSheets).values({ name: sheet.name, version: sheet.version, status: 'published', title: sheet.schema.title, schema: sheet.schema, uiSchema: sheet.uiSchema, testAnswers: sheet.testAnswers, publishedAt: now });
  }
}

/** Sheets, the demo roots' Country/BrickAssortment params and their saved answers (checked against the sheets). */
export async function seedDemoQuestionnaires(tx: Tx): Promise<void> {
  await seedQuestionnaireSheets(tx);
  for (const demo of DEMO_QUESTIONNAIRES) {
    const [root] = await tx.select().from(projectUnits).where(and(eq(projectUnits.title, demo.project), eq(projectUnits.type, 'project')));
    if (!root) continue;
    for (const [key, value] of Object.entries(demo.params)) await tx.insert(projectUnitParams).values({ unitId: root.id, key, value });
    if (!demo.answers) continue;
    const [tenant] = await tx.select({ type: tenants.type }).from(tenants).where(eq(tenants.id, root.tenantId));
    const tenantType = tenant?.type === 'ccl' ? 'ccl' : 'standard';
    const questionnaire = await rootQuestionnaire(tx, root, tenantType, { answers: null, preferred: demo.answers.data._versions });
    const data: QuestionnaireAnswers = { ...demo.answers.data };
    data._versions = Object.fromEntries(questionnaire.sheets.filter((sheet) => data[sheet.name] !== undefined).map((sheet) => [sheet.name, sheet.version]));
    const { isValid } = questionnaireValidity(questionnaire.sheets, data);
    if (isValid !== demo.answers.valid) throw new Error(`Demo questionnaire of ${demo.project} should be ${demo.answers.valid ? 'valid' : 'invalid'}`);
    await tx
      .insert(questionnaireAnswers)
      .values({ rootId: root.id, data, isValid })
      .onConflictDoUpdate({ target: questionnaireAnswers.rootId, set: { data, isValid, updatedAt: new Date() } });
  }
}
