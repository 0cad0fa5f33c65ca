import type { Context } from 'hono';
import { Hono } from 'hono';
import { canEditQuestionnaire } from '../../src/domain/questionnaire/index.js';
import type { AppEnv } from '../lib/context.js';
import { materialTypes, preliminaryContext } from '../lib/deliveries.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess } from '../lib/project-access.js';
import { questionnaireView, rootQuestionnaire, saveQuestionnaire } from '../lib/questionnaire.js';
import { sessionUser } from '../lib/request.js';
import { parseId } from '../lib/rest-query.js';
import { questionnaireSaveSchema } from '../lib/request-schemas.js';
import { readBody } from '../lib/validation.js';

/**
 * The project information sheet of a root: `GET/PUT /api/questionnaire/{rootId}` and the material types it gives the
 * structure, `GET /api/questionnaire/{rootId}/material-types`. (The CCL delivery schedule lives beside it, under
 * `/api/questionnaire/ccl-delivery-schedule/…`.)
 */
export const questionnaireRoutes = new Hono<AppEnv>();

/** A root the user sees (404 for anything else, a unit below a root included). */
async function rootAccess(c: Context<AppEnv>) {
  const access = await unitAccess(c.get('db'), sessionUser(c), parseId(c.req.param('rootId') ?? ''));
  if (access.unit.id !== access.root.id) throw ApiError.notFound();
  return access;
}

questionnaireRoutes.get('/:rootId', async (c) => {
  const access = await rootAccess(c);
  return c.json(questionnaireView(access, await rootQuestionnaire(c.get('db'), access.root, access.context.tenantType)));
});

questionnaireRoutes.put('/:rootId', async (c) => {
  const access = await rootAccess(c);
  const edit = canEditQuestionnaire(access.context);
  if (!edit.allowed) throw ApiError.fromRule(edit, 'ReadOnly');
  const body = await readBody(c, questionnaireSaveSchema);
  const questionnaire = await c.get('db').transaction((tx) => saveQuestionnaire(tx, access, body));
  return c.json(questionnaireView(access, questionnaire));
});

questionnaireRoutes.get('/:rootId/material-types', async (c) => {
  const access = await rootAccess(c);
  return c.json(materialTypes(await preliminaryContext(c.get('db'), access.root, undefined, access.language)));
});
