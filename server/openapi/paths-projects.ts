import { z } from 'zod';
import { assignmentUpdateSchema, planningSaveSchema } from '../../src/domain/assignments.js';
import { siteAddressSchema, siteContactSchema, unitCreateSchema, unitUpdateSchema } from '../../src/domain/projectUnits.js';
import { unitParamCreateSchema } from '../../src/domain/unitParams.js';
import { checkDataRequestSchema, definitionUpdateSchema, stateRequestSchema } from '../../src/domain/workflow.js';
import { draftCreateSchema, draftUpdateSchema, publishSchema } from '../../src/domain/workflowVersions.js';
import { memberAddSchema, memberRoleChangeSchema } from '../../src/domain/memberManagement.js';
import { DATA, isoDateTime, op, png, resource } from './registry.js';
import {
  AssignmentRecord,
  Available,
  Count,
  InfoMessage,
  JournalRecord,
  MemberProfile,
  MemberSchema,
  PlanningData,
  ProjectUnitSchema,
  SearchRecord,
  SiteAddress,
  SiteContact,
  TaskSchema,
  TransitionResult,
  UnitContextSchema,
  UnitParamRecord,
  WorkflowDefinitionView,
  WorkflowNotification,
  WorkflowRow,
} from './schemas.js';

const projects = ['Projects'];
const workflow = ['Workflow and tasks'];

resource(`${DATA}/projects`, {
  tag: 'Projects',
  what: 'project units the user reaches',
  record: ProjectUnitSchema,
  filters: 'rootProjectUnitID, projectUnitType, parentProjectUnitID, state (current/closed), stateKey',
  sortable: 'projectUnitNo, title, stateKey, stateSince, deliveryDate, projectUnitType',
  create: unitCreateSchema,
  update: unitUpdateSchema,
  remove: true,
});
op('get', `${DATA}/projects/:id/title-available`, {
  tags: projects,
  summary: 'Whether a title is free among the siblings of a type',
  query: z.object({ type: z.string(), title: z.string(), except: z.string().optional() }),
  responses: { 200: Available },
});
op('get', `${DATA}/projects/:id/context`, { tags: projects, summary: 'A unit with its path, the caller’s role, features, workflow buttons and rule outcomes', responses: { 200: UnitContextSchema } });
op('get', `${DATA}/addresses/:id`, { tags: projects, summary: 'A project’s site address', responses: { 200: SiteAddress } });
op('put', `${DATA}/addresses/:id`, { tags: projects, summary: 'Change a site address', body: siteAddressSchema, responses: { 200: SiteAddress } });
op('get', `${DATA}/contacts/:id`, { tags: projects, summary: 'A project’s site contact', responses: { 200: SiteContact } });
op('put', `${DATA}/contacts/:id`, { tags: projects, summary: 'Change a site contact', body: siteContactSchema, responses: { 200: SiteContact } });
op('post', '/api/project-tools/execute', {
  tags: projects,
  summary: 'Run a project tool (edit-site-address, edit-site-contact, reviewer-change-request)',
  body: z.object({ name: z.enum(['edit-site-address', 'edit-site-contact', 'reviewer-change-request']), data: z.record(z.string(), z.unknown()) }),
  responses: { 200: z.object({ status: z.literal(200), data: z.record(z.string(), z.unknown()) }), 202: InfoMessage },
});
op('get', `${DATA}/projectmembers/:rootUnitId`, { tags: projects, summary: 'Members of a root project', responses: { 200: z.array(MemberSchema) } });
op('get', `${DATA}/projectmembers/:rootUnitId/:userId`, { tags: projects, summary: 'A member’s profile cards', responses: { 200: MemberProfile } });
const MemberCandidate = z.object({ userID: z.number().int(), userLogin: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), isInternal: z.boolean() }).openapi('MemberCandidate');
op('get', `${DATA}/projectmembers/:rootUnitId/candidates`, { tags: projects, summary: 'Active users of the root’s tenant who are not members yet (`?q=`), for those who manage members', responses: { 200: z.array(MemberCandidate) } });
op('post', `${DATA}/projectmembers/:rootUnitId`, { tags: projects, summary: 'Add a member: a user of the tenant, or a person by e-mail (a new customer account with an invitation)', body: memberAddSchema, responses: { 201: MemberSchema } });
op('put', `${DATA}/projectmembers/:rootUnitId/:userId`, { tags: projects, summary: 'Change a member’s role (the last salesPlanner keeps theirs: 409)', body: memberRoleChangeSchema, responses: { 200: MemberSchema } });
op('delete', `${DATA}/projectmembers/:rootUnitId/:userId`, { tags: projects, summary: 'Remove a member (the last salesPlanner stays: 409)', responses: { 204: { empty: 'Removed' } } });
op('post', `${DATA}/projectmembers/:rootUnitId/:userId/invitation`, { tags: projects, summary: 'Send the invitation again (earlier links stop working)', responses: { 200: MemberSchema } });
op('delete', `${DATA}/projectmembers/:rootUnitId/:userId/invitation`, { tags: projects, summary: 'Revoke the invitation: the link stops working and the invited person leaves the project', responses: { 204: { empty: 'Revoked' } } });
const RootProjectOptions = z
  .object({
    canCreate: z.boolean(),
    tenants: z.array(z.object({ id: z.number().int(), name: z.string(), defaultCountry: z.string(), salesOrgs: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string() })) })),
    countries: z.array(z.string()),
  })
  .openapi('RootProjectOptions');
op('get', '/api/root-projects/options', { tags: projects, summary: 'What the new-project form offers (empty for everyone who may not set up root projects)', responses: { 200: RootProjectOptions } });
op('get', `${DATA}/tenantfiles/:logoId/thumbnail.png`, { tags: projects, summary: 'A tenant’s or sales organisation’s logo', query: z.object({ ts: z.string().optional() }), responses: { 200: png } });
op('get', '/api/tenant-infos/:rootUnitId', { tags: projects, summary: 'The tenant’s information text (sanitised HTML)', responses: { 200: z.object({ html: z.string() }) } });

resource(`${DATA}/projectunitparams`, {
  tag: 'Projects',
  what: 'parameters of the units the user reaches (FirstDelivery, Country, BrickAssortment, CheckDataTaskMessage)',
  record: UnitParamRecord,
  filters: 'projectUnitID, paramKey (any case: ProjectUnitID, ParamKey)',
  sortable: 'id, createdOn, paramKey',
  create: unitParamCreateSchema,
});
resource(`${DATA}/projectunitssearch`, { tag: 'Projects', what: 'units found by the project search', record: SearchRecord, filters: 'projectUnitType', sortable: 'title, projectUnitNo, projectUnitType' });
op('get', `${DATA}/projectunitssearch/availability`, { tags: projects, summary: 'Whether the search is offered to the user', responses: { 200: Available } });
resource(`${DATA}/projectunitproducttypeassignments`, { tag: 'Projects', what: 'product type and plant assignments', record: AssignmentRecord, filters: 'projectUnitID, rootProjectUnitID', sortable: 'id, projectUnitNo, title', update: assignmentUpdateSchema, remove: true });
op('get', '/api/planning/:rootId', { tags: projects, summary: 'The planning screen: units, product types, plants', responses: { 200: PlanningData } });
op('put', '/api/planning/:rootId', { tags: projects, summary: 'Save the planning screen in one transaction', body: planningSaveSchema, responses: { 200: PlanningData } });

op('put', `${DATA}/projectunitstates/:id`, { tags: workflow, summary: 'Apply a workflow transition (writes `unit.transitioned` and the action’s business event)', body: stateRequestSchema, responses: { 200: TransitionResult } });
op('post', `${DATA}/projectunitstates/ccl-check-data`, { tags: workflow, summary: 'CCL: toggle check data missing/complete', body: checkDataRequestSchema, responses: { 200: TransitionResult } });
resource('/api/tasks', {
  tag: 'Workflow and tasks',
  what: 'open tasks of the caller (derived from the units’ states, the caller’s roles and the workflow definition; default sort changedOn DESC)',
  record: TaskSchema,
  filters: 'rootProjectUnitID, projectUnitID, projectUnitType, stateKey, taskKey (one or a list each), delayed, tenantID; q searches number, unit title and project title',
  sortable: 'changedOn, projectUnitNo, unitTitle, rootUnitTitle, projectUnitType, stateKey, taskKey, id',
});
for (const counter of ['taskCount', 'projectCount', 'workflowCount']) op('get', `${DATA}/dashboard/${counter}`, { tags: workflow, summary: `Dashboard counter ${counter}`, responses: { 200: Count } });
op('get', '/api/workflow-definition', { tags: workflow, summary: 'The workflow definition in force (configurers, admins)', responses: { 200: WorkflowDefinitionView } });
op('get', '/api/workflow-definition/schema', { tags: workflow, summary: 'The JSON Schema of workflow definitions', responses: { 200: z.record(z.string(), z.unknown()) } });
op('get', '/api/workflow-definition/versions', { tags: workflow, summary: 'Versions of the definition: drafts, the one in force (published) and retired ones', responses: { 200: z.array(z.object({ version: z.number().int(), status: z.enum(['draft', 'published', 'retired']), revision: z.number().int(), basedOn: z.number().int().nullable(), createdAt: isoDateTime, updatedAt: isoDateTime, publishedAt: isoDateTime.nullable(), comment: z.string(), createdBy: z.string().nullable() })) } });
op('put', '/api/workflow-definition', { tags: workflow, summary: 'Save a new definition version', body: definitionUpdateSchema, responses: { 201: z.object({ version: z.number().int(), createdAt: isoDateTime }) } });
// Drafts and publishing (issue 35): src/domain/workflowVersions.ts.
const ViewStateCount = z.object({ unitType: z.string(), tenantType: z.string(), state: z.string(), units: z.number().int() });
const WorkflowDraft = z.object({
  version: z.number().int(),
  revision: z.number().int(),
  basedOn: z.number().int().nullable(),
  comment: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  definition: z.record(z.string(), z.unknown()),
  layout: z.record(z.string(), z.record(z.string(), z.object({ x: z.number(), y: z.number() }))),
  problems: z.array(z.string()),
  checks: z.array(z.object({ kind: z.string(), view: z.string(), state: z.string().optional(), action: z.string().optional(), escalation: z.string().optional() })),
});
op('post', '/api/workflow-definition/drafts', { tags: workflow, summary: 'A new draft: a copy of the version in force (at most 10 drafts)', body: draftCreateSchema, responses: { 201: WorkflowDraft } });
op('get', '/api/workflow-definition/drafts/:version', { tags: workflow, summary: 'A draft with its problems and the reachability checks', responses: { 200: WorkflowDraft } });
op('put', '/api/workflow-definition/drafts/:version', { tags: workflow, summary: 'Save a draft (422 when it fails the schema; 409 when the revision moved on)', body: draftUpdateSchema, responses: { 200: WorkflowDraft } });
op('delete', '/api/workflow-definition/drafts/:version', { tags: workflow, summary: 'Delete a draft', responses: { 204: { empty: 'Deleted' } } });
op('get', '/api/workflow-definition/drafts/:version/impact', {
  tags: workflow,
  summary: 'What publishing the draft does to units under way',
  responses: {
    200: z.object({
      inForceVersion: z.number().int(),
      revision: z.number().int(),
      problems: z.array(z.string()),
      removedStates: z.array(ViewStateCount),
      taskRoleChanges: z.array(ViewStateCount.extend({ before: z.array(z.string()), after: z.array(z.string()) })),
      escalationChanges: z.array(ViewStateCount.extend({ before: z.number().int().nullable(), after: z.number().int().nullable() })),
    }),
  },
});
op('post', '/api/workflow-definition/drafts/:version/publish', {
  tags: workflow,
  summary: 'Publish a draft: 422 with its problems, 409 when the version in force moved on or units need a mapping',
  body: publishSchema,
  responses: { 200: z.object({ version: z.number().int(), publishedAt: isoDateTime, moved: z.number().int() }) },
});
op('get', '/api/workflow-labels/:language', { tags: workflow, public: true, summary: 'Labels of the definition in force as translation messages (de, en, nl)', responses: { 200: z.object({ version: z.number().int(), messages: z.record(z.string(), z.unknown()) }) } });
resource(`${DATA}/project-unit-journal`, { tag: 'Workflow and tasks', what: 'journal entries of a project (internal staff)', record: JournalRecord, filters: 'rootProjectUnitID (required), projectUnitID, unitName, number, unitTypes, user', sortable: 'date, projectUnitName, projectUnitNo' });
resource(`${DATA}/workflow-notifications`, { tag: 'Workflow and tasks', what: 'new delivery data notifications (staff)', record: WorkflowNotification, sortable: 'id, createdOn' });
resource(`${DATA}/workflow-rows`, { tag: 'Workflow and tasks', what: 'delayed workflows (staff)', record: WorkflowRow, sortable: 'createdOn, projectUnitNo, title, stateKey' });
