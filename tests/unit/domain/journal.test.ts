import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/permissions';
import {
  canSeeJournal,
  JOURNAL_FILTER_DEBOUNCE_MS,
  JOURNAL_PAGE_SIZES,
  JOURNAL_RESOURCE,
  JOURNAL_UNIT_TYPES,
  journalContentJson,
  journalFilterSchema,
  journalPath,
  parseJournalContent,
  stateChange,
} from '../../../src/domain/journal';

const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false };

describe('journal', () => {
  it('is for internal users on projects with HasJournal only', () => {
    expect(canSeeJournal({ isInternal: true, features: ['ProjectTools', 'HasJournal'] })).toBe(true);
    expect(canSeeJournal({ isInternal: false, features: ['HasJournal'] })).toBe(false);
    expect(canSeeJournal({ isInternal: true, features: ['ProjectTools'] })).toBe(false);
    expect(canSeeJournal({ isInternal: true, features: [] })).toBe(false);
  });

  it('has the spec’s constants', () => {
    expect(JOURNAL_PAGE_SIZES).toEqual([10, 20, 50]);
    expect(JOURNAL_FILTER_DEBOUNCE_MS).toBe(300);
    expect([...JOURNAL_UNIT_TYPES].sort()).toEqual(['approvallot', 'project', 'subproject']);
    expect(journalPath(7, 9)).toBe('/home/app/project/details/7/9/journal');
  });

  it('is a read-only list for signed-in users (which rows: the API decides)', () => {
    expect(canAccess(customer, { action: 'list', resource: JOURNAL_RESOURCE })).toBe(true);
    for (const action of ['create', 'edit', 'delete']) expect(canAccess(customer, { action, resource: JOURNAL_RESOURCE })).toBe(false);
    expect(canAccess(null, { action: 'list', resource: JOURNAL_RESOURCE })).toBe(false);
  });

  describe('filter', () => {
    it('needs the root and accepts every narrowing filter', () => {
      expect(journalFilterSchema.safeParse({ rootProjectUnitID: 3 }).success).toBe(true);
      const full = { rootProjectUnitID: 3, projectUnitID: 5, unitName: 'Haus', number: '2024', unitTypes: ['project', 'approvallot'], user: 'staff' };
      expect(journalFilterSchema.parse(full)).toEqual(full);
      expect(journalFilterSchema.safeParse({ rootProjectUnitID: 3, unitTypes: [] }).success).toBe(true);
    });

    it('refuses a missing root, bad ids, unknown types and unknown fields', () => {
      const missing = journalFilterSchema.safeParse({ unitName: 'x' });
      expect(missing.success).toBe(false);
      expect(missing.error?.issues[0]).toMatchObject({ path: ['rootProjectUnitID'], message: 'VALIDATION.IsRequired' });
      for (const bad of [
        { rootProjectUnitID: '3' },
        { rootProjectUnitID: 0 },
        { rootProjectUnitID: 1.5 },
        { rootProjectUnitID: 3, projectUnitID: -1 },
        { rootProjectUnitID: 3, unitTypes: ['folder'] },
        { rootProjectUnitID: 3, unitTypes: 'project' },
        { rootProjectUnitID: 3, unitName: 5 },
        { rootProjectUnitID: 3, user: 'x'.repeat(201) },
        { rootProjectUnitID: 3, q: 'x' },
      ]) {
        expect(journalFilterSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    });
  });

  describe('content', () => {
    it('reads what the API writes', () => {
      const content = { oldState: 'Structuring', newState: 'PendingValidation', additionalMessage: 'Bitte prüfen' };
      expect(parseJournalContent(journalContentJson(content))).toEqual(content);
    });

    it('ignores content that does not parse (an empty value)', () => {
      const empty = { oldState: '', newState: '', additionalMessage: '' };
      for (const broken of ['', '{', 'null', '[1,2]', '"text"', '42', null, undefined]) expect(parseJournalContent(broken)).toEqual(empty);
      expect(parseJournalContent('{"oldState":1,"newState":"Finalized"}')).toEqual({ oldState: '', newState: 'Finalized', additionalMessage: '' });
    });

    it('shows a change as two states, a stay or a first state as one', () => {
      expect(stateChange({ oldState: 'A', newState: 'B', additionalMessage: '' })).toEqual(['A', 'B']);
      expect(stateChange({ oldState: 'A', newState: 'A', additionalMessage: '' })).toEqual(['A']);
      expect(stateChange({ oldState: '', newState: 'B', additionalMessage: '' })).toEqual(['B']);
      expect(stateChange({ oldState: '', newState: '', additionalMessage: '' })).toEqual([]);
    });
  });
});
