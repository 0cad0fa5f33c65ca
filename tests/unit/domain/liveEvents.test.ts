import { describe, expect, it } from 'vitest';
import { mayHearChange } from '../../../src/domain/liveEvents';
import { mailsNotification, noticeRecipients, transitionNotice } from '../../../src/domain/notifications';
import type { WorkflowDefinition } from '../../../src/domain/workflow';
import defaultWorkflow from '../../../schemas/workflow.default.json';
import { EventCursor } from '../../../server/lib/live-events';

const customer = { id: 7, isInternal: false, tenantIds: [1] };
const staff = { id: 8, isInternal: true, tenantIds: [1] };
const project = { tenantId: 1, memberIds: new Set([7]) };

describe('mayHearChange', () => {
  it('a project change reaches its members and the internal staff of its tenant, nobody else', () => {
    const change = { resource: 'projects', root: 3, user: null };
    expect(mayHearChange(customer, change, project)).toBe(true);
    expect(mayHearChange(staff, change, project)).toBe(true);
    expect(mayHearChange(customer, change, { tenantId: 1, memberIds: new Set() })).toBe(false);
    expect(mayHearChange(staff, change, { tenantId: 2, memberIds: new Set() })).toBe(false);
    // A project that is gone, or a project resource without a project: nobody.
    expect(mayHearChange(staff, change, undefined)).toBe(false);
    expect(mayHearChange(staff, { resource: 'orders', root: null, user: null }, project)).toBe(false);
  });
  it('a notification reaches its owner only; banners everybody; an unknown resource nobody', () => {
    expect(mayHearChange(customer, { resource: 'notifications', root: null, user: 7 }, undefined)).toBe(true);
    expect(mayHearChange(staff, { resource: 'notifications', root: null, user: 7 }, undefined)).toBe(false);
    expect(mayHearChange(customer, { resource: 'banner-notifications', root: null, user: null }, undefined)).toBe(true);
    expect(mayHearChange(staff, { resource: 'users', root: null, user: null }, undefined)).toBe(false);
  });
});

describe('transitionNotice', () => {
  const definition = defaultWorkflow as unknown as WorkflowDefinition;
  it('a new state with a task is "task assigned" to its roles; a review of drawings is "drawings ready"; a placed order "order confirmed"', () => {
    expect(transitionNotice(definition, { type: 'project', stateKey: 'PendingValidation' }, 'standard', 'StructuringFinished')).toEqual({ kind: 'task-assigned', roles: ['salesPlanner'], includeActor: false });
    expect(transitionNotice(definition, { type: 'approvallot', stateKey: 'ReviewPreliminaryDrawings' }, 'standard', 'PreparingComplete')?.kind).toBe('drawings-ready');
    expect(transitionNotice(definition, { type: 'aacorderlot', stateKey: 'Ordered' }, 'standard', 'PlaceOrder')).toMatchObject({ kind: 'order-confirmed', includeActor: true });
    expect(transitionNotice(definition, { type: 'project', stateKey: 'InProgress' }, 'standard', 'RequestDrawings')).toBeNull();
  });
  it('reaches the members holding a role, not the one who made the change (except for an order)', () => {
    const members = [
      { id: 1, role: 'salesPlanner', isInternal: true, isAdmin: false },
      { id: 2, role: 'reviewer', isInternal: false, isAdmin: false },
      { id: 3, role: 'salesPlanner', isInternal: true, isAdmin: false },
    ];
    expect(noticeRecipients({ kind: 'task-assigned', roles: ['salesPlanner'], includeActor: false }, members, 3)).toEqual([1]);
    expect(noticeRecipients({ kind: 'order-confirmed', roles: ['reviewer'], includeActor: true }, members, 2)).toEqual([2]);
    expect(noticeRecipients({ kind: 'task-assigned', roles: ['external'], includeActor: false }, members, 1)).toEqual([2]);
  });
  it('mails what the profile asks for; escalations by default', () => {
    expect(mailsNotification(null, 'escalation')).toBe(true);
    expect(mailsNotification(null, 'task-assigned')).toBe(false);
    expect(mailsNotification(['task-assigned'], 'task-assigned')).toBe(true);
    expect(mailsNotification([], 'escalation')).toBe(false);
  });
});

describe('EventCursor', () => {
  it('hands out each id once, waits for a hole below a newer id, and gives it up after the gap time', () => {
    let now = 0;
    const cursor = new EventCursor(10, () => now, 1_000);
    expect(cursor.accept([{ id: 11 }, { id: 13 }]).map((row) => row.id)).toEqual([11, 13]);
    expect(cursor.base).toBe(11);
    expect(cursor.waiting).toBe(true);
    // 12 commits late: delivered, and the cursor moves past both.
    expect(cursor.accept([{ id: 12 }, { id: 13 }]).map((row) => row.id)).toEqual([12]);
    expect(cursor.base).toBe(13);
    expect(cursor.waiting).toBe(false);
    // 14 never commits (rolled back): after the gap time the cursor moves on.
    expect(cursor.accept([{ id: 15 }]).map((row) => row.id)).toEqual([15]);
    expect(cursor.base).toBe(13);
    now = 1_500;
    expect(cursor.accept([{ id: 15 }])).toEqual([]);
    expect(cursor.base).toBe(15);
  });
});
