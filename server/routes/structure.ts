import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { canEditStructure, secondLevelType, type StructureDraft } from '../../src/domain/structure.js';
import type { IfcFileChoice } from '../../src/domain/ifcStructure.js';
import { fileExtension } from '../../src/domain/projectFiles.js';
import { projectFiles, projectUnits, structureDrafts } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess } from '../lib/project-access.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { assertDraftShape, createStructureAndAdvance, draftFromUnits, savedDraft, structureAction, structureRules } from '../lib/structure.js';
import { unitWorkflow } from '../lib/workflow.js';
import { sessionUser } from '../lib/request.js';
import { staleVersion } from '../lib/versions.js';
import { draftSaveSchema } from '../lib/request-schemas.js';
import { checkBody } from '../lib/validation.js';

/** The root of the path, visible to the user; a child unit's id is 404 (the structure belongs to roots). */
async function rootAccess(c: Context<AppEnv>) {
  const user = sessionUser(c);
  const access = await unitAccess(c.get('db'), user, parseId(c.req.param('rootId') ?? ''));
  if (access.unit.id !== access.root.id) throw ApiError.notFound();
  return { user, access };
}

function assertMayEdit(access: Awaited<ReturnType<typeof rootAccess>>['access']) {
  const rule = canEditStructure(access.context);
  if (!rule.allowed) throw ApiError.fromRule(rule);
}

/** `GET/PUT/DELETE /api/structure/{rootId}[/draft]`: the structure page's data and its server-side draft. */
export const structureRoutes = new Hono<AppEnv>();

structureRoutes.get('/:rootId', async (c) => {
  const { user, access } = await rootAccess(c);
  const db = c.get('db');
  const saved = await savedDraft(db, access.root.id);
  const draft = saved?.draft ?? (await draftFromUnits(db, access));
  const rule = canEditStructure(access.context);
  const action = await structureAction(db, access);
  const workflow = action ? await unitWorkflow(db, user, access) : null;
  return c.json({
    rootProjectUnitID: access.root.id,
    projectUnitNo: access.root.number,
    title: access.root.title,
    tenantType: access.context.tenantType,
    secondLevelType: secondLevelType(access.context.tenantType),
    withMaterials: access.context.tenantType !== 'ccl',
    draft,
    source: saved ? 'server' : 'units',
    version: saved?.version ?? null,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    rules: await structureRules(db, access),
    canEdit: rule.allowed,
    editReason: rule.allowed ? null : rule.reason,
    finishAction: workflow?.actions.find((candidate) => candidate.action === action) ?? null,
  });
});

/**
 * The project's IFC files for "Create structure from IFC file": everybody who sees the root may read a model's
 * structure (`/api/file/{rootId}/{fileId}/ifcstructure`), so the list does not depend on DownloadSelectedFiles, the
 * feature of the zip download whose tree the page used to read.
 */
structureRoutes.get('/:rootId/ifcfiles', async (c) => {
  const { access } = await rootAccess(c);
  const rows = await c
    .get('db')
    .select({ fileId: projectFiles.id, name: projectFiles.name, unitTitle: projectUnits.title })
    .from(projectFiles)
    .innerJoin(projectUnits, eq(projectUnits.id, projectFiles.unitId))
    .where(and(eq(projectFiles.rootId, access.root.id), ilike(projectFiles.name, '%.ifc')))
    .orderBy(asc(projectFiles.name), asc(projectFiles.id));
  const files: IfcFileChoice[] = rows.filter((row) => fileExtension(row.name) === 'ifc');
  return c.json(files);
});

structureRoutes.put('/:rootId/draft', async (c) => {
  const { user, access } = await rootAccess(c);
  assertMayEdit(access);
  const raw = await readJsonObject(c.req.raw);
  // One message for the first problem: a missing version says "required", anything else "invalid".
  const body = checkBody(draftSaveSchema, raw, {
    refuse: (error) => {
      const path = error.issues[0]?.path.join('.');
      return ApiError.badRequest(path === 'version' && !('version' in (raw as object)) ? 'VALIDATION.IsRequired' : 'VALIDATION.InvalidValue', path);
    },
  });
  const draft = assertDraftShape(body.draft);
  const db = c.get('db');
  // The version is part of the UPDATE's WHERE; the first draft is an insert that a parallel first save makes a
  // conflict (the primary key), so exactly one of two saves from the same version wins.
  const expected = body.version;
  const [result] =
    expected === null
      ? await db.insert(structureDrafts).values({ rootId: access.root.id, draft, updatedBy: user.id }).onConflictDoNothing().returning()
      : await db
          .update(structureDrafts)
          .set({ draft, updatedBy: user.id, version: sql`${structureDrafts.version} + 1`, updatedAt: new Date() })
          .where(and(eq(structureDrafts.rootId, access.root.id), eq(structureDrafts.version, expected)))
          .returning();
  if (!result) throw staleVersion('STRUCTURE.Errors.DraftChanged');
  return c.json({ version: result.version, updatedAt: result.updatedAt.toISOString() });
});

structureRoutes.delete('/:rootId/draft', async (c) => {
  const { access } = await rootAccess(c);
  assertMayEdit(access);
  await c.get('db').delete(structureDrafts).where(eq(structureDrafts.rootId, access.root.id));
  return c.body(null, 204);
});

/** `POST /api/tasks/create-project-structure/{rootId}`: the draft becomes units, then the workflow moves on. */
export const structureTaskRoutes = new Hono<AppEnv>();

structureTaskRoutes.post('/create-project-structure/:rootId', async (c) => {
  const { user, access } = await rootAccess(c);
  assertMayEdit(access);
  const body = await readJsonObject(c.req.raw);
  const { version, ...rest } = body as Record<string, unknown>;
  if (version !== undefined && (typeof version !== 'number' || !Number.isInteger(version))) throw ApiError.badRequest('VALIDATION.InvalidValue', 'version');
  const draft: StructureDraft = assertDraftShape(rest);
  const result = await createStructureAndAdvance(c.get('db'), user, access, draft, version as number | undefined);
  return c.json(result);
});
