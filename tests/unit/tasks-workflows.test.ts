import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/resources/projects/ProjectCells';
import { pageAfterSwipe, swipeDirection, SWIPE_THRESHOLD_PX } from '../../src/resources/tasks/swipe';
import { canAccess } from '../../src/domain/permissions';
import { formatDay, materialsOf } from '../../src/domain/workflowPage';

describe('swipe on the task list', () => {
  it('a mostly horizontal move of at least 50 px is a swipe', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDirection(-50, 0)).toBe('left');
    expect(swipeDirection(-120, 30)).toBe('left');
    expect(swipeDirection(80, -20)).toBe('right');
  });

  it('taps, short moves and vertical scrolling are not', () => {
    expect(swipeDirection(0, 0)).toBeNull();
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(49, 0)).toBeNull();
    expect(swipeDirection(60, 200)).toBeNull();
    expect(swipeDirection(-60, -60)).toBeNull();
  });

  it('left turns to the next page, right to the previous one, never past the ends', () => {
    expect(pageAfterSwipe(0, 2, 'left')).toBe(1);
    expect(pageAfterSwipe(1, 2, 'right')).toBe(0);
    expect(pageAfterSwipe(2, 2, 'left')).toBe(2);
    expect(pageAfterSwipe(0, 2, 'right')).toBe(0);
    expect(pageAfterSwipe(0, 0, 'left')).toBe(0);
  });
});

describe('relative time (workflow rules, task dates)', () => {
  const now = Date.parse('2030-06-15T12:00:00Z');
  it('says how long ago in the interface language', () => {
    expect(relativeTime('2030-06-12T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(relativeTime('2030-06-12T12:00:00Z', 'de', now)).toBe('vor 3 Tagen');
    expect(relativeTime('2030-06-12T12:00:00Z', 'nl', now)).toBe('3 dagen geleden');
    expect(relativeTime('2030-06-14T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2030-06-15T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2030-06-15T12:00:00Z', 'en', now)).toBe('this minute');
  });
});

describe('delivery data of a notification', () => {
  it('keeps well-formed materials and repairs odd ones', () => {
    expect(materialsOf([{ type: 'PE 365', volume: 42.5, deliveryDate: '2030-04-01' }])).toEqual([{ type: 'PE 365', volume: 42.5, deliveryDate: '2030-04-01' }]);
    expect(materialsOf([{ type: 'PE', volume: '12.5', deliveryDate: null }, null, 'x', { volume: 'abc' }])).toEqual([
      { type: 'PE', volume: 12.5, deliveryDate: '' },
      { type: '', volume: 0, deliveryDate: '' },
    ]);
    expect(materialsOf(null)).toEqual([]);
    expect(materialsOf({ type: 'PE' })).toEqual([]);
  });

  it('shows delivery days in the interface language', () => {
    expect(formatDay('2030-04-01', 'en')).toBe('Apr 1, 2030');
    expect(formatDay('2030-04-01', 'de')).toBe('01.04.2030');
    expect(formatDay('KW 14', 'de')).toBe('KW 14');
    expect(formatDay('', 'de')).toBe('');
  });
});

describe('who reaches the Workflows page lists', () => {
  const user = (overrides: Partial<{ isAdmin: boolean; isInternal: boolean; isConfigurer: boolean }>) => ({
    isAdmin: false,
    isInternal: false,
    isConfigurer: false,
    isExternalLogin: false,
    ...overrides,
  });
  it('internal staff and administrators read them; customers do not; nobody writes', () => {
    for (const resource of ['workflow-notifications', 'workflow-rows']) {
      for (const reader of [user({ isInternal: true }), user({ isAdmin: true })]) {
        expect(canAccess(reader, { action: 'list', resource })).toBe(true);
        expect(canAccess(reader, { action: 'show', resource })).toBe(true);
        for (const action of ['create', 'edit', 'delete']) expect(canAccess(reader, { action, resource })).toBe(false);
      }
      expect(canAccess(user({}), { action: 'list', resource })).toBe(false);
      expect(canAccess(user({ isConfigurer: true }), { action: 'list', resource })).toBe(false);
      expect(canAccess(null, { action: 'list', resource })).toBe(false);
    }
  });
});
