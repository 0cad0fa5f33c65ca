import { Hono } from 'hono';
import type { MemberProfile } from '../../src/domain/members.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { parseId } from '../lib/rest-query.js';
import { sessionUser } from '../lib/request.js';
import { visibleRoot, memberRows, describeMember, loadMembers } from '../services/project-members.js';

export const projectMemberRoutes = new Hono<AppEnv>();

projectMemberRoutes.get('/:rootUnitId', async (c) => {
  const user = sessionUser(c);
  const root = await visibleRoot(c, user);
  return c.json(await loadMembers(c, root, user));
});

projectMemberRoutes.get('/:rootUnitId/:userId', async (c) => {
  const user = sessionUser(c);
  const root = await visibleRoot(c, user);
  const [row] = await memberRows(c, root, parseId(c.req.param('userId')));
  if (!row) throw ApiError.notFound();
  const member = describeMember(row, root, user);
  const profile: MemberProfile = {
    personal: { firstName: member.firstName, lastName: member.lastName, hasProfileImage: member.hasProfileImage, userID: row.userId },
    contact: { ...member.email, ...member.contact },
    company: { ...member.company, tenantID: member.tenantID, logoId: member.logoId },
    memberRoleKey: row.role,
    isDeleted: member.deleted,
    project: { projectUnitID: root.id, projectUnitNo: root.number, title: root.title },
  };
  return c.json(profile);
});
