import { and, eq, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { canEditSite, reviewerChangeSchema, siteAddressSchema, siteContactSchema, PROJECT_TOOLS } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { addresses, contacts, projectMembers, projectUnits, salesOrganisations, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess, visibleUnits } from '../lib/project-access.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { requiredVersion, staleVersion } from '../lib/versions.js';
import { limitAction } from '../lib/rate-limit.js';
import { queueMail } from '../services/mail-outbox.js';
import { checkBody } from '../lib/validation.js';

type Kind = 'address' | 'contact';

/** The root whose site address/contact this is, if the user may see it; else 404. */
async function siteRoot(db: Db, user: SessionUser, kind: Kind, id: number) {
  const column = kind === 'address' ? projectUnits.siteAddressId : projectUnits.siteContactId;
  const [root] = await db.select().from(projectUnits).where(and(eq(column, id), eq(projectUnits.id, projectUnits.rootId), visibleUnits(user)));
  if (!root) throw ApiError.notFound();
  return root;
}

function addressRecord(row: typeof addresses.$inferSelect) {
  return { id: row.id, addressID: row.id, name: row.name, street1: row.street1, zip: row.zip, zIP: row.zip, city: row.city, country: row.country, version: row.version };
}

function contactRecord(row: typeof contacts.$inferSelect) {
  return { id: row.id, contactID: row.id, name: row.name, officePhone: row.officePhone, officeFax: row.officeFax, companyMobile: row.companyMobile, officeEMail: row.officeEMail, version: row.version };
}

function assertSiteEditable(root: typeof projectUnits.$inferSelect) {
  const rule = canEditSite(root.stateKey);
  if (!rule.allowed) throw ApiError.fromRule(rule);
}

/**
 * The whole address or contact replaces the stored one, so the body names the version it was read with: the UPDATE
 * matches only that version (someone else's save in between → 409, nothing overwritten).
 */
async function updateAddress(db: Db, id: number, body: Record<string, unknown>) {
  const { version, ...fields } = body;
  const parsed = checkBody(siteAddressSchema, fields);
  const expected = requiredVersion(version);
  const [row] = await db
    .update(addresses)
    .set({ ...parsed, version: sql`${addresses.version} + 1`, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.version, expected)))
    .returning();
  if (!row) throw staleVersion();
  return addressRecord(row);
}

async function updateContact(db: Db, id: number, body: Record<string, unknown>) {
  const { version, ...fields } = body;
  const parsed = checkBody(siteContactSchema, fields);
  const expected = requiredVersion(version);
  const [row] = await db
    .update(contacts)
    .set({ ...parsed, version: sql`${contacts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.version, expected)))
    .returning();
  if (!row) throw staleVersion();
  return contactRecord(row);
}

function user(c: { get: (key: 'user') => SessionUser | null }): SessionUser {
  const current = c.get('user');
  if (!current) throw ApiError.unauthorized();
  return current;
}

/** `api/data/planxchange/addresses/{id}` and `…/contacts/{id}`: site address and contact of a project. */
export const siteRoutes = new Hono<AppEnv>();

siteRoutes.get('/addresses/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  await siteRoot(c.get('db'), user(c), 'address', id);
  const [row] = await c.get('db').select().from(addresses).where(eq(addresses.id, id));
  return c.json(addressRecord(row));
});

siteRoutes.put('/addresses/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  assertSiteEditable(await siteRoot(c.get('db'), user(c), 'address', id));
  const { id: _id, addressID: _addressId, zIP: _zip, ...body } = await readJsonObject(c.req.raw);
  return c.json(await updateAddress(c.get('db'), id, body));
});

siteRoutes.get('/contacts/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  await siteRoot(c.get('db'), user(c), 'contact', id);
  const [row] = await c.get('db').select().from(contacts).where(eq(contacts.id, id));
  return c.json(contactRecord(row));
});

siteRoutes.put('/contacts/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  assertSiteEditable(await siteRoot(c.get('db'), user(c), 'contact', id));
  const { id: _id, contactID: _contactId, ...body } = await readJsonObject(c.req.raw);
  return c.json(await updateContact(c.get('db'), id, body));
});

/** `POST /api/project-tools/execute {name, data}`: the tools of the ProjectTools menu. */
export const projectToolRoutes = new Hono<AppEnv>();

projectToolRoutes.post('/execute', async (c) => {
  const current = user(c);
  const body = await readJsonObject(c.req.raw);
  const name = body.name;
  const data = (body.data ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || !(PROJECT_TOOLS as readonly string[]).includes(name)) throw ApiError.badRequest('VALIDATION.InvalidValue', 'name');
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw ApiError.badRequest('ERRORMESSAGES.ObjectExpected', 'data');
  const rootUnitId = Number(data.rootUnitId);
  if (!Number.isInteger(rootUnitId) || rootUnitId <= 0) throw ApiError.badRequest('VALIDATION.IsRequired', 'data.rootUnitId');
  const db = c.get('db');
  const { root } = await unitAccess(db, current, rootUnitId);
  if (root.id !== rootUnitId) throw ApiError.notFound();
  if (!root.features.includes('ProjectTools')) throw ApiError.forbidden();

  if (name === 'edit-site-address' || name === 'edit-site-contact') {
    assertSiteEditable(root);
    const { rootUnitId: _root, ...fields } = data;
    const id = name === 'edit-site-address' ? root.siteAddressId : root.siteContactId;
    if (!id) throw ApiError.notFound();
    const record = name === 'edit-site-address' ? await updateAddress(db, id, fields) : await updateContact(db, id, fields);
    return c.json({ status: 200, data: record });
  }

  const parsed = checkBody(reviewerChangeSchema, data, { prefix: 'data' });
  // The request goes to the project's sales planners, or the sales organisation's contact address.
  const planners = await db
    .select({ email: users.email, language: users.language })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.rootId, root.id), or(eq(projectMembers.role, 'salesPlanner'), eq(projectMembers.role, 'projectCoordinator'))));
  const recipients = planners.filter((p) => p.email);
  if (!recipients.length && root.salesOrgId) {
    const [org] = await db.select().from(salesOrganisations).where(eq(salesOrganisations.id, root.salesOrgId));
    if (org?.additionalInfo?.contactmail) recipients.push({ email: org.additionalInfo.contactmail, language: 'de' });
  }
  if (!recipients.length) throw new ApiError(409, [{ key: 'PROJECTS.Tools.NoRecipient' }]);
  await limitAction(db, 'reviewerChangeRequest', current.id);
  await db.transaction(async (tx) => {
    for (const recipient of recipients) {
      const params = { project: `${root.number} ${root.title}`, email: parsed.email, requester: current.login };
      await queueMail(tx, {
        kind: 'reviewer-change-request',
        recipient: recipient.email,
        subject: translate(recipient.language, 'MAIL.ReviewerChange.Subject', params),
        body: translate(recipient.language, 'MAIL.ReviewerChange.Body', params),
        userId: current.id,
        sender: { userId: current.id },
        toStaffInbox: true,
      });
    }
  });
  return c.json({ status: 202, messages: [{ type: 'info', text: translate(current.language, 'PROJECTS.Tools.ReviewerChangeSent') }] }, 202);
});
