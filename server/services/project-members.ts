/**
 * A root's members as the members page and the member changes show them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { canManageMembers, invitationStatus } from '../../src/domain/memberManagement.js';
import { compareMembers, showMemberEmail, tenantLogoId, type Member } from '../../src/domain/members.js';
import { DELETED_USER_KEY } from '../../src/domain/profile.js';
import type { SessionUser } from '../../src/domain/user.js';
import { addresses, contacts, projectMembers, userProfiles, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess, type UnitRow } from '../lib/project-access.js';
import { parseId } from '../lib/rest-query.js';

/** The root project named in the path, if the user may see it; a child unit's id is 404 too. */
export async function visibleRoot(c: Context<AppEnv>, user: SessionUser): Promise<UnitRow> {
  const { unit, root } = await unitAccess(c.get('db'), user, parseId(c.req.param('rootUnitId') ?? ''));
  if (unit.id !== root.id) throw ApiError.notFound();
  return root;
}

/** Members of a root with their profile, company and contact rows (one query). */
export function memberRows(c: Context<AppEnv>, root: UnitRow, userId?: number) {
  return c
    .get('db')
    .select({
      userId: users.id,
      login: users.login,
      accountEmail: users.email,
      isInternal: users.isInternal,
      isExternalLogin: users.isExternalLogin,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      deletedAt: users.deletedAt,
      invitedUntil: sql<string | null>`(select max(ui.expires_at) from user_invitations ui where ui.user_id = ${users.id})`,
      role: projectMembers.role,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      hasProfileImage: userProfiles.hasProfileImage,
      address: addresses,
      contact: contacts,
      // The member belongs to the root's tenant and sales organisation (their logo is the company's).
      inTenant: sql<boolean>`exists (select 1 from user_tenants ut where ut.user_id = ${users.id} and ut.tenant_id = ${root.tenantId})`,
      inSalesOrg: sql<boolean>`exists (select 1 from user_sales_orgs us where us.user_id = ${users.id} and us.sales_org_id = ${root.salesOrgId ?? 0})`,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(addresses, eq(addresses.id, userProfiles.addressId))
    .leftJoin(contacts, eq(contacts.id, userProfiles.contactId))
    .where(and(eq(projectMembers.rootId, root.id), userId ? eq(projectMembers.userId, userId) : undefined))
    .orderBy(asc(users.id));
}

export type MemberRow = Awaited<ReturnType<typeof memberRows>>[number];

/** What a viewer gets to see of a member: deleted accounts show only the translated "deleted user". */
export function describeMember(row: MemberRow, root: UnitRow, viewer: SessionUser) {
  const deleted = row.deletedAt !== null;
  const tenantID = !deleted && row.inTenant ? root.tenantId : null;
  const salesOrgID = tenantID && row.inSalesOrg ? root.salesOrgId : null;
  const text = (value: string | null | undefined) => (deleted ? '' : (value ?? ''));
  // The office address of the contact card, else the account's address.
  const email = text(row.contact?.officeEMail) || text(row.accountEmail);
  return {
    deleted,
    userLogin: deleted ? '' : row.login,
    firstName: text(row.firstName),
    lastName: deleted ? translate(viewer.language, DELETED_USER_KEY) : (row.lastName ?? ''),
    hasProfileImage: !deleted && Boolean(row.hasProfileImage),
    email: showMemberEmail(root.features, viewer.isInternal) ? { email } : {},
    contact: { officePhone: text(row.contact?.officePhone), companyMobile: text(row.contact?.companyMobile), officeFax: text(row.contact?.officeFax) },
    company: {
      name: text(row.address?.name),
      name2: text(row.address?.name2),
      street1: text(row.address?.street1),
      street2: text(row.address?.street2),
      zip: text(row.address?.zip),
      city: text(row.address?.city),
    },
    tenantID,
    salesOrgID,
    // Only the provider's staff work for the tenant; a customer's company has no logo here.
    logoId: row.isInternal ? tenantLogoId(tenantID, salesOrgID) : null,
  };
}

/**
 * The members of a root as the list answers them; those who manage members (`canManageMembers`) also see where the
 * invitations of members without a password stand. With `userId`, only that member.
 */
export async function loadMembers(c: Context<AppEnv>, root: UnitRow, viewer: SessionUser, userId?: number): Promise<Member[]> {
  const rows = await memberRows(c, root);
  const viewerRole = rows.find((row) => row.userId === viewer.id)?.role ?? null;
  const manages = canManageMembers({ role: viewerRole, isInternal: viewer.isInternal, isAdmin: viewer.isAdmin }).allowed;
  const members = rows
    .filter((row) => userId === undefined || row.userId === userId)
    .map((row): Member => {
      const member = describeMember(row, root, viewer);
      const invited = manages ? invitationStatus({ hasPassword: row.hasPassword, isExternalLogin: row.isExternalLogin, deleted: member.deleted }, row.invitedUntil ? new Date(row.invitedUntil) : null) : null;
      return {
        userID: row.userId,
        userLogin: member.userLogin,
        firstName: member.firstName,
        lastName: member.lastName,
        name: member.company.name,
        ...member.contact,
        ...member.email,
        memberRoleKey: row.role,
        tenantID: member.tenantID,
        salesOrgID: member.salesOrgID,
        hasProfileImage: member.hasProfileImage,
        isDeleted: member.deleted,
        isInternal: row.isInternal,
        ...(invited ? { invitation: { status: invited, expiresAt: row.invitedUntil ? new Date(row.invitedUntil).toISOString() : null } } : {}),
      };
    });
  return members.sort(compareMembers);
}
