import { and, desc, eq, sql } from 'drizzle-orm';
import {
  blocksSaving,
  incomingReferenceProblems,
  publishImpact,
  type QuestionnaireAnswers,
  type SetSheet,
  type SheetSchema,
  type SheetUiSchema,
} from '../../src/domain/questionnaire/index.js';
import type { Db, Tx } from '../db/client.js';
import { questionnaireAnswers, questionnaireSheets } from '../db/schema.js';
import { ApiError } from './errors.js';
import { definitionProblems, SHEET_SETS } from './questionnaire-sheets.js';

/** A draft of another sheet saved with a draft (its conditions followed a rename or lost a deleted control). */
export interface Companion {
  name: string;
  schema: SheetSchema;
  baseId: number;
  baseUpdatedAt: string;
}


/** The sheet names that share a set with `name`. */
function setNeighbours(name: string): Set<string> {
  const result = new Set<string>();
  for (const levels of Object.values(SHEET_SETS.sets)) {
    const names = Object.values(levels).flat();
    if (names.includes(name)) names.forEach((other) => result.add(other));
  }
  result.delete(name);
  return result;
}

/** Every other sheet name's latest version (a draft when there is one), with `inSet` for the sets holding `name`. */
export async function setSheets(db: Db | Tx, name: string): Promise<SetSheet[]> {
  const rows = await (db as Db)
    .selectDistinctOn([questionnaireSheets.name])
    .from(questionnaireSheets)
    .orderBy(questionnaireSheets.name, desc(questionnaireSheets.version));
  const neighbours = setNeighbours(name);
  return rows
    .filter((row) => row.name !== name)
    .map((row) => ({
      id: row.id,
      name: row.name,
      version: row.version,
      status: row.status,
      updatedAt: row.updatedAt.toISOString(),
      inSet: neighbours.has(row.name),
      schema: row.schema,
      uiSchema: row.uiSchema,
    }));
}

/** The other sheets as drafted, with the companions just written in place of theirs. */
export async function draftedSet(db: Db | Tx, name: string, companions: { name: string; schema: SheetSchema }[]): Promise<SheetSchema[]> {
  return (await setSheets(db, name)).map((sheet) => companions.find((companion) => companion.name === sheet.name)?.schema ?? sheet.schema);
}

const stale = (name: string) => new ApiError(409, [{ key: 'QUESTIONNAIRE.Errors.SheetChanged', params: { name }, code: 'Conflict' }]);

/**
 * Writes the companions of a draft: over the other sheet's draft, or as a new draft of its latest published version;
 * each only when that version is still the one the builder read (else 409). Answers what was written.
 */
export async function saveCompanions(tx: Tx, ownName: string, companions: Companion[], userId: number): Promise<{ name: string; schema: SheetSchema; uiSchema: SheetUiSchema }[]> {
  const written: { name: string; schema: SheetSchema; uiSchema: SheetUiSchema }[] = [];
  for (const [index, companion] of companions.entries()) {
    if (companion.name === ownName || written.some((other) => other.name === companion.name)) throw ApiError.badRequest('QUESTIONNAIRE.Errors.TogetherSameSheet', `companions.${index}.name`);
    const [latest] = await tx.select().from(questionnaireSheets).where(eq(questionnaireSheets.name, companion.name)).orderBy(desc(questionnaireSheets.version)).limit(1).for('update');
    if (!latest) throw new ApiError(400, [{ key: 'QUESTIONNAIRE.Errors.UnknownSheet', reference: `companions.${index}.name`, params: { name: companion.name } }]);
    if (latest.id !== companion.baseId || latest.updatedAt.toISOString() !== companion.baseUpdatedAt) throw stale(companion.name);
    const version = latest.status === 'draft' ? latest.version : latest.version + 1;
    const schema = { ...companion.schema, 'x-sheet': { name: companion.name, version } } as SheetSchema;
    const shape = definitionProblems(schema, latest.uiSchema).filter((problem) => problem.key.startsWith('QUESTIONNAIRE.Meta.'));
    if (shape.length) throw new ApiError(400, shape.slice(0, 50).map((problem) => ({ key: problem.key, params: { ...problem.params, sheet: companion.name }, reference: `companions.${index}${problem.pointer}`, code: 'InvalidDefinition' })));
    if (latest.status === 'draft') {
      // The version read is checked inside the UPDATE, so a concurrent save of that draft is not overwritten.
      const updated = await tx
        .update(questionnaireSheets)
        .set({ schema, title: String(schema.title).slice(0, 200), updatedAt: new Date() })
        .where(and(eq(questionnaireSheets.id, latest.id), eq(questionnaireSheets.updatedAt, latest.updatedAt), eq(questionnaireSheets.status, 'draft')))
        .returning({ id: questionnaireSheets.id });
      if (!updated.length) throw stale(companion.name);
    } else {
      const inserted = await tx
        .insert(questionnaireSheets)
        .values({ name: companion.name, version, status: 'draft', title: String(schema.title).slice(0, 200), schema, uiSchema: latest.uiSchema, createdBy: userId })
        .onConflictDoNothing()
        .returning({ id: questionnaireSheets.id });
      if (!inserted.length) throw stale(companion.name);
    }
    written.push({ name: companion.name, schema, uiSchema: latest.uiSchema });
  }
  return written;
}

/**
 * 422 when a draft has problems that keep it from being saved (dangling references, cycles, other sheets' conditions,
 * the uiSchema): the same keys the builder and the JSON editor show. `sheet` names a companion's sheet.
 */
export function refusedDraft(schema: SheetSchema, uiSchema: SheetUiSchema, others: SheetSchema[], sheet?: string): void {
  const problems = definitionProblems(schema, uiSchema, others).filter((problem) => blocksSaving(problem.key));
  if (!problems.length) return;
  throw new ApiError(
    422,
    problems.slice(0, 50).map((problem) => ({ key: problem.key, params: { ...problem.params, ...(sheet ? { sheet } : {}) }, reference: problem.pointer || '/', code: 'InvalidDefinition' })),
  );
}

/** How many saved answers the impact reads at most (the largest installations have a few thousand roots). */
const IMPACT_ROWS = 5000;

/**
 * The publish dialog's facts: projects per older version and what moving them would break, the drafts of other
 * sheets that must be published together (their published conditions name controls this draft no longer has), and
 * the problems that block publishing even then.
 */
export async function sheetImpact(db: Db, draft: { id: number; name: string; schema: SheetSchema; uiSchema: SheetUiSchema }, publishedOthers: SheetSchema[]) {
  const versions = await db
    .select({ version: questionnaireSheets.version, schema: questionnaireSheets.schema })
    .from(questionnaireSheets)
    .where(and(eq(questionnaireSheets.name, draft.name), eq(questionnaireSheets.status, 'published')));
  const previous = new Map(versions.map((row) => [row.version, row.schema]));
  const answers = await db
    .select({ data: questionnaireAnswers.data })
    .from(questionnaireAnswers)
    .where(sql`${questionnaireAnswers.data} -> '_versions' ? ${draft.name}`)
    .limit(IMPACT_ROWS);
  const impact = publishImpact(draft.schema, previous, answers.map((row) => row.data as QuestionnaireAnswers));
  const broken = new Set(incomingReferenceProblems(draft.schema, publishedOthers).map((problem) => problem.sheet));
  const drafts = (await setSheets(db, draft.name)).filter((sheet) => sheet.status === 'draft' && broken.has(sheet.name));
  const companions = drafts.filter((sheet) => !incomingReferenceProblems(draft.schema, [sheet.schema]).length);
  const after = [...publishedOthers.filter((schema) => !companions.some((sheet) => sheet.name === schema['x-sheet'].name)), ...companions.map((sheet) => sheet.schema)];
  return {
    ...impact,
    together: companions.map((sheet) => ({ id: sheet.id, name: sheet.name, version: sheet.version })),
    problems: definitionProblems(draft.schema, draft.uiSchema, after),
  };
}
