// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { structureDraftStorageKey, type StructureDraft } from '../../src/domain/structure';
import { mergeIfcDraft as replaceNewEntries } from '../../src/domain/structure';
import { chooseDraft, clearStoredDraft, readStoredDraft, sameStructure, writeStoredDraft } from '../../src/resources/projects/structure/draftStorage';
import { opensStructurePage, withoutStructureGuard } from '../../src/resources/projects/structure/structurePaths';

const draft = (name: string): StructureDraft => ({ subprojects: [{ id: 's1', name, expanded: true, children: [{ id: 'l1', parentID: 's1', name: 'EG', materials: [] }] }] });

afterEach(() => window.localStorage.clear());

describe('the draft the page opens with', () => {
  const server = { draft: draft('From the server'), source: 'server' as const, updatedAt: '2026-11-21T10:00:00.000Z' };

  it('takes the server draft when this browser has none', () => {
    expect(chooseDraft(server, null)).toEqual({ draft: server.draft, origin: 'server' });
  });

  it('takes the local draft when it was written after the server draft', () => {
    const local = { draft: draft('From this browser'), savedAt: '2026-11-21T10:05:00.000Z' };
    expect(chooseDraft(server, local)).toEqual({ draft: local.draft, origin: 'local' });
  });

  it('takes the server draft when it is newer than the local one', () => {
    const local = { draft: draft('From this browser'), savedAt: '2026-11-21T09:55:00.000Z' };
    expect(chooseDraft(server, local)).toEqual({ draft: server.draft, origin: 'server' });
  });

  it('prefers the local draft over the project units when the server keeps no draft', () => {
    const units = { draft: draft('Haus A'), source: 'units' as const, updatedAt: null };
    const local = { draft: draft('Haus Z'), savedAt: '2020-01-01T00:00:00.000Z' };
    expect(chooseDraft(units, local).origin).toBe('local');
    expect(chooseDraft(units, { draft: draft('Haus A'), savedAt: local.savedAt })).toEqual({ draft: units.draft, origin: 'units' });
  });

  it('counts open or closed panels as no change of the structure', () => {
    const closed = { subprojects: draft('Haus A').subprojects.map((subproject) => ({ ...subproject, expanded: false })) };
    expect(sameStructure(draft('Haus A'), closed)).toBe(true);
    expect(sameStructure(draft('Haus A'), draft('Haus B'))).toBe(false);
    const reordered = { subprojects: [{ children: [{ materials: [], name: 'EG', parentID: 's1', id: 'l1' }], name: 'Haus A', id: 's1' }] };
    expect(sameStructure(draft('Haus A'), reordered)).toBe(true);
  });
});

describe('local storage', () => {
  it('keeps the draft under project-structure-{root} with the moment it was written', () => {
    writeStoredDraft(7, draft('Haus A'), new Date('2026-11-21T12:00:00.000Z'));
    expect(JSON.parse(window.localStorage.getItem(structureDraftStorageKey(7))!).savedAt).toBe('2026-11-21T12:00:00.000Z');
    expect(readStoredDraft(7)).toEqual({ draft: draft('Haus A'), savedAt: '2026-11-21T12:00:00.000Z' });
    clearStoredDraft(7);
    expect(readStoredDraft(7)).toBeNull();
  });

  it('ignores what is not a draft', () => {
    window.localStorage.setItem(structureDraftStorageKey(8), '{"draft":{"subprojects":[{"name":1}]},"savedAt":"2026-11-21T12:00:00Z"}');
    expect(readStoredDraft(8)).toBeNull();
    window.localStorage.setItem(structureDraftStorageKey(8), 'not json');
    expect(readStoredDraft(8)).toBeNull();
  });
});

describe('IFC import into a draft', () => {
  const current: StructureDraft = {
    subprojects: [
      { id: 'u1', name: 'Haus A', projectUnitID: 11, children: [{ id: 'u2', name: 'Erdgeschoss', projectUnitID: 12, materials: [] }, { id: 'n1', name: 'Keller', materials: [] }] },
      { id: 'n2', name: 'Garage', children: [{ id: 'n3', name: 'Rampe', materials: [] }] },
    ],
  };
  const imported: StructureDraft = {
    subprojects: [
      { id: 'i1', name: 'Haus A', children: [{ id: 'i2', name: 'Erdgeschoss', materials: [] }, { id: 'i3', name: 'Dachgeschoss', materials: [] }] },
      { id: 'i4', name: 'Haus B', children: [{ id: 'i5', name: 'EG', materials: [] }] },
    ],
  };

  it('replaces the new entries and keeps the existing units', () => {
    const result = replaceNewEntries(current, imported);
    expect(result.subprojects.map((subproject) => subproject.name)).toEqual(['Haus A', 'Haus B']);
    expect(result.subprojects[0].children.map((lot) => lot.name)).toEqual(['Erdgeschoss', 'Dachgeschoss']);
    expect(result.subprojects[0].children[0].projectUnitID).toBe(12);
    expect(result.subprojects[0].children[1].parentID).toBe('u1');
  });
});

describe('finishing on the structure page', () => {
  it('sends the structure transitions of a root there, not those of lots', () => {
    expect(opensStructurePage({ buildsStructure: true }, true)).toBe(true);
    expect(opensStructurePage({ buildsStructure: true }, false)).toBe(false);
    expect(opensStructurePage({ buildsStructure: false }, true)).toBe(false);
  });

  it('does not block on the needs-structure guard, which the draft fulfils', () => {
    expect(withoutStructureGuard({ disabledReason: 'WORKFLOW.Guards.needs-structure' }).disabledReason).toBeNull();
    expect(withoutStructureGuard({ disabledReason: 'WORKFLOW.Guards.needs-product-type-assignments' }).disabledReason).toBe('WORKFLOW.Guards.needs-product-type-assignments');
  });
});
