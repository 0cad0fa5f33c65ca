import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { eq, sql } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import { definitionProblems } from '../../src/domain/workflowDefinition.js';
import type { Db, Tx } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { workflowDefinitions } from '../db/schema.js';
import { boundedValidator, MAX_REPORTED_PROBLEMS } from './bounded-validation.js';
import { appPath } from '../paths.js';

const schemasFolder = appPath('schemas');

export const WORKFLOW_SCHEMA: Record<string, unknown> = JSON.parse(readFileSync(resolve(schemasFolder, 'workflow.schema.json'), 'utf8'));
const DEFAULT_TEXT = readFileSync(resolve(schemasFolder, 'workflow.default.json'), 'utf8');

// The schema bounds every array and string (maxItems/maxLength); the check stops at the first problem of a big body.
const validateSchema = boundedValidator(WORKFLOW_SCHEMA, { strict: true });

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') return `${where}: unknown property ${(error.params as { additionalProperty: string }).additionalProperty}`;
  if (error.keyword === 'enum') return `${where}: must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return `${where}: ${error.message ?? error.keyword}`;
}

/**
 * The problems of a definition (the first MAX_REPORTED_PROBLEMS): JSON Schema first, then the consistency rules
 * (which run only on a definition within the schema's bounds). Empty when it is sound.
 */
export function workflowProblems(candidate: unknown): string[] {
  if (!validateSchema(candidate)) {
    // oneOf/anyOf repeat their branches' errors; keep each text once.
    return [...new Set(validateSchema.errors.map(describeError))];
  }
  return definitionProblems(candidate as unknown as WorkflowDefinition).slice(0, MAX_REPORTED_PROBLEMS);
}

/** The shipped default, validated (the server refuses to start when it is broken). */
export function defaultWorkflow(): WorkflowDefinition {
  const parsed: unknown = JSON.parse(DEFAULT_TEXT);
  const problems = workflowProblems(parsed);
  if (problems.length) throw new Error(`schemas/workflow.default.json is not a valid workflow definition:\n  - ${problems.join('\n  - ')}`);
  return parsed as WorkflowDefinition;
}

export interface ActiveWorkflow {
  /** 1 = the shipped default (until a version is published); then the published version's number. */
  version: number;
  definition: WorkflowDefinition;
}

let cachedDefault: WorkflowDefinition | undefined;
const cache = new Map<string, WorkflowDefinition>();

/** Which workflow version is published: its number and moment of publishing. */
export interface PublishedWorkflow {
  version: number;
  publishedAt: Date | null;
}

const publishedRow = sql`from ${workflowDefinitions} where ${workflowDefinitions.status} = 'published' limit 1`;

/**
 * Which version is published, as columns any query can carry (two scalar subqueries of a handful of rows; at most one
 * is published): `unitAccess` reads them with the unit, `activeWorkflow` on their own. `publishedWorkflowOf` reads them.
 */
export const publishedWorkflowColumns = {
  publishedVersion: sql<number | null>`(select ${workflowDefinitions.version} ${publishedRow})`,
  publishedAt: sql<Date | null>`(select ${workflowDefinitions.publishedAt} ${publishedRow})`.mapWith(workflowDefinitions.publishedAt),
};

export function publishedWorkflowOf(row: { publishedVersion: number | null; publishedAt: Date | null }): PublishedWorkflow | null {
  return row.publishedVersion === null ? null : { version: Number(row.publishedVersion), publishedAt: row.publishedAt ?? null };
}

/** Which version is published, asked on its own (prepared once per database outside a transaction). */
async function publishedWorkflow(db: Db | Tx): Promise<PublishedWorkflow | null> {
  const query = (on: Db | Tx) => (on as Db).select(publishedWorkflowColumns).from(sql`(select 1) as one`);
  const prepared = preparedQuery(db, 'publishedWorkflow', (pool) => query(pool).prepare(undefined as never));
  return publishedWorkflowOf((prepared ? await prepared.execute() : await query(db))[0]);
}

/**
 * The definition in force: the published version, else the shipped default as version 1. One small query per call,
 * so a version published by another process applies at once — none when the caller read which version is published
 * with a query of its own (`publishedWorkflowColumns`, as `unitAccess` does); a published definition never changes,
 * so the parsed one is cached per version.
 */
export async function activeWorkflow(db: Db | Tx, known?: PublishedWorkflow | null): Promise<ActiveWorkflow> {
  const published = known !== undefined ? known : await publishedWorkflow(db);
  if (!published) return { version: 1, definition: (cachedDefault ??= defaultWorkflow()) };
  // Keyed by version and moment of publishing: a restored backup (or another database in the same process, as in
  // the tests) may hold another definition under the same number.
  const key = `${published.version}@${published.publishedAt?.getTime() ?? ''}`;
  let definition = cache.get(key);
  if (!definition) {
    const [row] = await (db as Db).select({ definition: workflowDefinitions.definition }).from(workflowDefinitions).where(eq(workflowDefinitions.version, published.version));
    definition = row.definition as unknown as WorkflowDefinition;
    cache.set(key, definition);
  }
  return { version: published.version, definition };
}

/** Start-up check: the default and the version in force must both be sound, or the server does not start. */
export async function assertWorkflowValid(db: Db): Promise<void> {
  cachedDefault = defaultWorkflow();
  const [row] = await db.select().from(workflowDefinitions).where(eq(workflowDefinitions.status, 'published'));
  if (!row) return;
  const problems = workflowProblems(row.definition);
  if (problems.length)
    throw new Error(`The workflow definition version ${row.version} in the database is not valid:\n  - ${problems.join('\n  - ')}`);
}
