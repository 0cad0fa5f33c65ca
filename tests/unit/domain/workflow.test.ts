import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  actorRoles,
  addWorkingDays,
  checkMessage,
  chooseTransition,
  evaluateGuards,
  initialStateOf,
  isOverdue,
  taskFor,
  unitActions,
  type WorkflowDefinition,
} from '../../../src/domain/workflow';
import { definitionProblems, historyPath } from '../../../src/domain/workflowDefinition';

const definition: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../../schemas/workflow.default.json'), 'utf8'));
const project = (stateKey: string) => ({ type: 'project', stateKey, isRoot: true });
const facts = { subprojects: 1, productTypeAssignments: 1, orderItems: 1 };

describe('the default definition', () => {
  it('is consistent', () => {
    expect(definitionProblems(definition)).toEqual([]);
  });

  it('starts units where the decisions say', () => {
    expect(initialStateOf(definition, 'project', 'standard')).toBe('Structuring');
    expect(initialStateOf(definition, 'project', 'ccl')).toBe('Preparing');
    expect(initialStateOf(definition, 'approvallot', 'standard')).toBe('Structuring');
    expect(initialStateOf(definition, 'aacorderlot', 'standard')).toBe('Structuring');
    expect(initialStateOf(definition, 'drawingjob', 'ccl')).toBe('CCLNotReadyForDrawing');
    expect(initialStateOf(definition, 'folder', 'standard')).toBe('');
  });
});

describe('roles', () => {
  it('adds internal/external and admin to the member role', () => {
    expect(actorRoles({ role: 'reviewer', isInternal: false, isAdmin: false })).toEqual(['reviewer', 'external']);
    expect(actorRoles({ role: 'salesPlanner', isInternal: true, isAdmin: false })).toEqual(['salesPlanner', 'internal']);
    expect(actorRoles({ role: null, isInternal: true, isAdmin: true })).toEqual(['internal', 'admin']);
    // Not a member and not internal: no role at all (such a user does not see the project anyway).
    expect(actorRoles({ role: null, isInternal: false, isAdmin: false })).toEqual([]);
  });
});

describe('tasks', () => {
  it('belong to the roles of the state', () => {
    expect(taskFor(definition, { type: 'project', stateKey: 'Structuring' }, 'standard', ['reviewer', 'external'])?.taskKey).toBe('Structuring');
    expect(taskFor(definition, { type: 'project', stateKey: 'Structuring' }, 'standard', ['salesPlanner', 'internal'])).toBeNull();
    expect(taskFor(definition, { type: 'project', stateKey: 'PendingValidation' }, 'standard', ['salesPlanner', 'internal'])?.taskKey).toBe('PendingValidation');
    expect(taskFor(definition, { type: 'approvallot', stateKey: 'ReviewRevisedDrawings' }, 'standard', ['reviewer'])?.taskKey).toBe('ReviewDrawings');
    expect(taskFor(definition, { type: 'approvallot', stateKey: 'Finalized' }, 'standard', ['internal'])?.taskKey).toBe('Finalized');
    expect(taskFor(definition, { type: 'project', stateKey: 'InProgress' }, 'standard', ['internal', 'admin'])).toBeNull();
  });
});

describe('choosing a transition', () => {
  it('takes the one with most matching requirements (isBim) and refuses other states and roles', () => {
    const planner = ['salesPlanner', 'internal'];
    const plain = chooseTransition(definition, project('PendingContract'), 'standard', {}, planner);
    expect(plain.ok && plain.transition.to).toBe('ProvideFiles');
    const bim = chooseTransition(definition, project('PendingContract'), 'standard', { requirements: ['isBim'] }, planner);
    expect(bim.ok && bim.transition.to).toBe('ReviewBIMFiles');
    expect(chooseTransition(definition, project('PendingContract'), 'standard', {}, ['reviewer', 'external'])).toEqual({ ok: false, status: 403, reason: 'WORKFLOW.Errors.NotYourTask' });
    expect(chooseTransition(definition, project('PendingContract'), 'standard', { action: 'RequestDrawings' }, planner)).toEqual({
      ok: false,
      status: 409,
      reason: 'WORKFLOW.Errors.NotAllowedFromState',
    });
    // The check-data toggle is only reachable through its own call.
    expect(chooseTransition(definition, project('CheckDataMissing'), 'ccl', {}, ['customerServiceBackoffice']).ok).toBe(false);
    expect(chooseTransition(definition, project('CheckDataMissing'), 'ccl', { call: 'ccl-check-data' }, ['customerServiceBackoffice']).ok).toBe(true);
    // Close from any open state, root only, not from Closed itself.
    expect(chooseTransition(definition, project('InProgress'), 'standard', { action: 'Close' }, ['admin']).ok).toBe(true);
    expect(chooseTransition(definition, { type: 'project', stateKey: 'InProgress', isRoot: false }, 'standard', { action: 'Close' }, ['admin']).ok).toBe(false);
    expect(chooseTransition(definition, project('Closed'), 'standard', { action: 'Close' }, ['admin']).ok).toBe(false);
  });

  it('review: approve and request changes are told apart by the requirement; changes need a message', () => {
    const lot = { type: 'approvallot', stateKey: 'ReviewPreliminaryDrawings', isRoot: false };
    const approve = chooseTransition(definition, lot, 'standard', { requirements: ['approve'] }, ['reviewer']);
    expect(approve.ok && approve.transition.to).toBe('Finalized');
    const changes = chooseTransition(definition, lot, 'standard', { requirements: ['request-changes'] }, ['reviewer']);
    expect(changes.ok && changes.transition.to).toBe('ReviseDrawings');
    if (changes.ok) {
      expect(checkMessage(changes.transition, '  ')).toEqual({ allowed: false, reason: 'WORKFLOW.Errors.MessageRequired' });
      expect(checkMessage(changes.transition, 'Achse 3')).toEqual({ allowed: true });
    }
  });
});

describe('guards and buttons', () => {
  it('each guard reads its fact', () => {
    expect(evaluateGuards(['needs-product-type-assignments'], { ...facts, productTypeAssignments: 0 })).toEqual({
      allowed: false,
      reason: 'WORKFLOW.Guards.needs-product-type-assignments',
    });
    expect(evaluateGuards(['needs-saved-order-items'], { ...facts, orderItems: 0 }).allowed).toBe(false);
    expect(evaluateGuards(['needs-structure'], { ...facts, subprojects: 0 }).allowed).toBe(false);
    expect(evaluateGuards(['needs-structure', 'needs-saved-order-items'], facts)).toEqual({ allowed: true });
    expect(evaluateGuards(undefined, facts)).toEqual({ allowed: true });
    // Without guards no facts are needed (the server reads none); guards without facts are a programming error.
    expect(evaluateGuards(undefined, undefined)).toEqual({ allowed: true });
    expect(evaluateGuards([], undefined)).toEqual({ allowed: true });
    expect(() => evaluateGuards(['needs-structure'], undefined)).toThrow();
  });

  it('marks the actions that create the structure from the draft (by the effect, not by name)', () => {
    const structuring = unitActions(definition, project('Structuring'), 'standard', ['reviewer', 'external'], facts);
    expect(structuring.find((action) => action.action === 'StructuringFinished')?.buildsStructure).toBe(true);
    expect(unitActions(definition, project('PendingValidation'), 'standard', ['salesPlanner', 'internal'], facts)[0].buildsStructure).toBe(false);
  });

  it('the PendingValidation button is disabled with the hint without assignments', () => {
    const actions = unitActions(definition, project('PendingValidation'), 'standard', ['salesPlanner', 'internal'], { ...facts, productTypeAssignments: 0 });
    expect(actions).toEqual([expect.objectContaining({ action: 'ReadyForContract', disabledReason: 'WORKFLOW.Guards.needs-product-type-assignments' })]);
    expect(unitActions(definition, project('PendingValidation'), 'standard', ['salesPlanner', 'internal'], facts)[0].disabledReason).toBeNull();
    expect(unitActions(definition, project('PendingValidation'), 'standard', ['reviewer', 'external'], facts)).toEqual([]);
    // PendingContract offers both starts; the admin sees close on any open root.
    expect(unitActions(definition, project('PendingContract'), 'standard', ['salesPlanner'], facts).map((action) => action.action).sort()).toEqual(['StartPlanning', 'StartPlanningBim']);
    expect(unitActions(definition, project('InProgress'), 'standard', ['admin'], facts).map((action) => action.action)).toEqual(['Close']);
  });
});

describe('working days', () => {
  it('skips weekends', () => {
    const friday = new Date('2026-11-20T10:00:00Z');
    expect(addWorkingDays(friday, 1).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(addWorkingDays(friday, 5).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(addWorkingDays(friday, 0).toISOString()).toBe(friday.toISOString());
  });

  it('a stay is overdue once its working days have passed', () => {
    const since = new Date('2026-11-16T09:00:00Z'); // Monday
    expect(isOverdue(since, 5, new Date('2026-11-23T08:59:00Z'))).toBe(false);
    expect(isOverdue(since, 5, new Date('2026-11-23T09:00:00Z'))).toBe(true);
  });
});

describe('history paths', () => {
  it('finds the way through own transitions and other units effects', () => {
    expect(historyPath(definition, 'project', 'standard', 'ProvideFiles', true)?.map((step) => step.to)).toEqual(['PendingValidation', 'PendingContract', 'ProvideFiles']);
    expect(historyPath(definition, 'approvallot', 'standard', 'ReviewPreliminaryDrawings', false)?.map((step) => `${step.action}:${step.to}`)).toEqual([
      'RequestDrawings:Preparing',
      'PreparingComplete:ReviewPreliminaryDrawings',
    ]);
    expect(historyPath(definition, 'lintelorderlot', 'standard', 'PlaceOrder', false)?.map((step) => step.action)).toEqual(['Approve']);
    expect(historyPath(definition, 'project', 'standard', 'Structuring', true)).toEqual([]);
    expect(historyPath(definition, 'folder', 'standard', 'Structuring', false)).toBeNull();
  });
});

describe('consistency rules', () => {
  it('report unknown states, duplicate initials and unknown roles', () => {
    const broken = structuredClone(definition);
    broken.transitions[0].to = 'Nowhere';
    broken.states.push({ key: 'Second', unitTypes: ['project'], tenantTypes: ['standard'], initial: true });
    broken.escalations[0].notifyRoles = ['nobody'];
    const problems = definitionProblems(broken).join('\n');
    expect(problems).toContain('has no state Nowhere');
    expect(problems).toContain('project (standard) has 2 initial states');
    expect(problems).toContain('unknown role nobody');
  });
});
