import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addState, addTransition, historyReducer, updateTransition } from '../../../src/resources/workflow-editor/editorState';
import { buildGraph, OVERVIEW } from '../../../src/resources/workflow-editor/graph';
import type { WorkflowDefinition } from '../../../src/domain/workflow';
import { blockingChecks, workflowChecks, workflowViews } from '../../../src/domain/workflowChecks';
import { compareView, labelMessages, mappingProblems, removedStates, simulateAction } from '../../../src/domain/workflowVersions';

const DEFAULT: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../../schemas/workflow.default.json'), 'utf8'));
const lot = { unitType: 'approvallot', tenantType: 'standard' } as const;

describe('workflow checks', () => {
  it('the default has no blocking finding; a half-done state is unreachable and a dead end until it has ways in and out', () => {
    expect(blockingChecks(DEFAULT, DEFAULT)).toEqual([]);
    let draft = addState(lot, 'TechnicalReview')(structuredClone(DEFAULT));
    expect(blockingChecks(DEFAULT, draft).map((check) => check.kind)).toEqual(['unreachable', 'deadEnd']);
    draft = addTransition(lot, 'ToTechnicalReview', 'Preparing', 'TechnicalReview')(draft);
    expect(blockingChecks(DEFAULT, draft).map((check) => check.kind)).toEqual(['deadEnd', 'noRole']);
    draft = updateTransition('ToTechnicalReview', lot, { roles: ['drafter'] })(draft);
    draft = updateTransition('ToTechnicalReview', lot, { roles: ['drafter'] })(addTransition(lot, 'TechnicalReviewDone', 'TechnicalReview', 'ReviewPreliminaryDrawings')(draft));
    draft = updateTransition('TechnicalReviewDone', lot, { roles: ['internal'] })(draft);
    expect(blockingChecks(DEFAULT, draft)).toEqual([]);
    expect(compareView(DEFAULT, draft, lot)).toEqual({ states: { TechnicalReview: 'added' }, actions: { ToTechnicalReview: 'added', TechnicalReviewDone: 'added' } });
  });

  it('escalations on missing states and removed states with units are found', () => {
    const draft = structuredClone(DEFAULT);
    draft.states = draft.states.filter((state) => state.key !== 'Finalized');
    expect(workflowChecks(draft).some((check) => check.kind === 'escalationState') || removedStates(DEFAULT, draft).length > 0).toBe(true);
    expect(removedStates(DEFAULT, draft)).toContainEqual({ ...lot, state: 'Finalized' });
    const stranded = [{ ...lot, state: 'Finalized', units: 2 }];
    expect(mappingProblems(draft, stranded, []).unmapped).toHaveLength(1);
    expect(mappingProblems(draft, stranded, [{ ...lot, state: 'Finalized', to: 'Approved' }])).toEqual({ unmapped: [], badTargets: [] });
  });
});

describe('simulation and labels', () => {
  it('fires actions with the server’s rules: the task, its roles, the effects and the escalation date', () => {
    const now = new Date('2026-11-27T10:00:00Z'); // a Friday
    const refused = simulateAction(DEFAULT, { ...lot, isRoot: false }, 'Preparing', 'PreparingComplete', ['external'], now);
    expect(refused).toEqual({ ok: false, reason: 'WORKFLOW.Errors.NotYourTask' });
    const step = simulateAction(DEFAULT, { ...lot, isRoot: false }, 'Preparing', 'PreparingComplete', ['drafter'], now);
    expect(step).toEqual({ ok: true, step: expect.objectContaining({ to: 'ReviewPreliminaryDrawings', task: { taskKey: 'ReviewDrawings', roles: ['reviewer'] }, escalation: expect.objectContaining({ rule: 'ReviewOverdue' }) }) });
    const project = simulateAction(DEFAULT, { unitType: 'project', tenantType: 'standard', isRoot: true }, 'ProvideFiles', 'RequestDrawings', ['external'], now);
    expect(project.ok && project.step.effects.length).toBe(2);
    // An action that needs something of the request (the reviewer's approval) takes it as given, and says so.
    const approved = simulateAction(DEFAULT, { ...lot, isRoot: false }, 'ReviewPreliminaryDrawings', 'ApproveDrawings', ['reviewer'], now);
    expect(approved).toEqual({ ok: true, step: expect.objectContaining({ to: 'Finalized', requirements: ['approve'] }) });
    expect(simulateAction(DEFAULT, { ...lot, isRoot: false }, 'ReviewPreliminaryDrawings', 'ApproveDrawings', ['drafter'], now)).toEqual({ ok: false, reason: 'WORKFLOW.Errors.NotYourTask' });
  });

  it('labels become translation messages of their language', () => {
    const messages = labelMessages({ states: { TechnicalReview: { de: 'Technische Prüfung', en: 'Technical review' } }, tasks: { TechnicalReview: { de: 'Technische Prüfung' } } }, 'de');
    expect(messages).toEqual({ STATES: { TechnicalReview: 'Technische Prüfung' }, WORKFLOW: { Actions: {} }, TASKS: { Keys: { TechnicalReview: { Title: 'Technische Prüfung' } } } });
  });
});

describe('the editor', () => {
  it('undoes and redoes edits', () => {
    let history = { past: [], present: DEFAULT, future: [] } as Parameters<typeof historyReducer>[0];
    history = historyReducer(history, { type: 'edit', edit: addState(lot, 'X') });
    expect(history.present.states.length).toBe(DEFAULT.states.length + 1);
    history = historyReducer(history, { type: 'undo' });
    expect(history.present).toBe(DEFAULT);
    history = historyReducer(history, { type: 'redo' });
    expect(history.present.states.length).toBe(DEFAULT.states.length + 1);
  });

  it('lays out the largest view in under 300 ms', () => {
    const options = { labelOf: (_: string, key: string) => key, checks: workflowChecks(DEFAULT), positions: {} };
    const views = [OVERVIEW, ...workflowViews(DEFAULT).map((view) => `${view.unitType}.${view.tenantType}`)];
    buildGraph(DEFAULT, OVERVIEW, options);
    const timings = views.map((view) => {
      const started = performance.now();
      const graph = buildGraph(DEFAULT, view, options);
      return { view, nodes: graph.nodes.length, ms: performance.now() - started };
    });
    const largest = timings.sort((a, b) => b.nodes - a.nodes)[0];
    console.log(`workflow layout: largest view ${largest.view} (${largest.nodes} nodes) in ${largest.ms.toFixed(1)} ms`);
    expect(largest.ms).toBeLessThan(300);
  });
});
