import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../src/domain/format';
import { checkState, downloadItems, toggleUnit } from '../../../src/resources/projects/files/fileTree';
import {
  canDeleteFile,
  canDownloadSelectedFiles,
  canUploadFiles,
  contentMatchesExtension,
  sanitizeFileName,
  showsProjectFiles,
  type FileTreeNode,
} from '../../../src/domain/projectFiles';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('file names', () => {
  it.each([
    ['Plan.pdf', 'Plan.pdf'],
    ['C:\\Users\\me\\Plan.pdf', 'Plan.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['Plan\u0000\u0007 A\u202e.pdf', 'Plan A.pdf'],
    ['a<b>:c|d?e*.pdf', 'a_b__c_d_e_.pdf'],
    ['  .hidden.txt  ', 'hidden.txt'],
    ['Plan.pdf. . ', 'Plan.pdf'],
    ['..', null],
    ['', null],
    ['\u0001\u0002', null],
  ])('%j → %j', (raw, expected) => expect(sanitizeFileName(raw)).toBe(expected));

  it('keeps the extension when shortening to 200 characters', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.ifc`)!;
    expect(name).toHaveLength(200);
    expect(name.endsWith('.ifc')).toBe(true);
  });
});

describe('content by first bytes', () => {
  it.each([
    ['a.pdf', bytes('%PDF-1.7\n'), true],
    ['a.pdf', bytes('<html>'), false],
    ['a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), true],
    ['a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), false],
    ['a.jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xdb]), true],
    ['a.gif', bytes('GIF87a'), true],
    ['a.webp', bytes('RIFF\0\0\0\0WEBPVP8 '), true],
    ['a.ifc', bytes('\ufeffISO-10303-21;'), true],
    ['a.ifc', bytes('ISO-10303-28'), false],
    ['a.dwg', bytes('AC1027'), true],
    ['a.dxf', bytes('999\nmade by hand\n0\nSECTION\n'), true],
    ['a.dxf', bytes('SECTION'), false],
    ['a.docx', new Uint8Array([0x50, 0x4b, 0x03, 0x04]), true],
    ['a.xlsx', bytes('not a zip'), false],
    ['a.csv', new Uint8Array([0x57, 0xe4, 0x6e, 0x64, 0x65, 0x0d, 0x0a]), true],
    ['a.txt', new Uint8Array([0x41, 0x00]), false],
    ['a.txt', new Uint8Array([]), false],
    ['a.exe', bytes('MZ'), false],
  ])('%s %#', (name, content, expected) => expect(contentMatchesExtension(name, content)).toBe(expected));
});

describe('rules', () => {
  const member = { role: 'reviewer' as const, isInternal: false, rootState: 'Structuring' };
  it('members and internal staff upload, except in closed or archived projects', () => {
    expect(canUploadFiles(member)).toEqual({ allowed: true });
    expect(canUploadFiles({ role: null, isInternal: true, rootState: 'InProgress' })).toEqual({ allowed: true });
    expect(canUploadFiles({ role: null, isInternal: false, rootState: 'Structuring' })).toEqual({ allowed: false, reason: 'FILES.Rules.MembersOnly' });
    expect(canUploadFiles({ ...member, rootState: 'Archived' })).toEqual({ allowed: false, reason: 'FILES.Rules.ProjectClosed' });
  });

  it('the uploader or staff delete, never in closed projects', () => {
    expect(canDeleteFile(member, { uploadedByID: 7 }, 7).allowed).toBe(true);
    expect(canDeleteFile(member, { uploadedByID: 8 }, 7)).toEqual({ allowed: false, reason: 'FILES.Rules.DeleteOwnOnly' });
    expect(canDeleteFile(member, { uploadedByID: null }, 7).allowed).toBe(false);
    expect(canDeleteFile({ isInternal: true, rootState: 'ProvideFiles' }, { uploadedByID: null }, 7).allowed).toBe(true);
    expect(canDeleteFile({ isInternal: true, rootState: 'Closed' }, { uploadedByID: 7 }, 7).allowed).toBe(false);
  });

  it('feature and card visibility', () => {
    expect(canDownloadSelectedFiles({ features: ['DownloadSelectedFiles'] })).toBe(true);
    expect(canDownloadSelectedFiles({ features: ['ProjectTools'] })).toBe(false);
    expect(showsProjectFiles({ projectUnitTypeVariant: 'other' })).toBe(true);
    expect(showsProjectFiles({ projectUnitTypeVariant: 'aac_elements' })).toBe(false);
    expect(showsProjectFiles({ projectUnitTypeVariant: 'lintel' })).toBe(false);
  });
});

describe('tree selection', () => {
  const leaf: FileTreeNode = { projectUnitID: 3, title: 'Lot', projectUnitNo: '1-01-01', files: [{ projectFileID: 31, name: 'c.pdf', size: 1, selected: false }], children: [] };
  const root: FileTreeNode = { projectUnitID: 1, title: 'Root', projectUnitNo: '1', files: [{ projectFileID: 11, name: 'a.pdf', size: 1, selected: false }], children: [leaf] };

  it('selects a subtree, reports partial states and builds the request in tree order', () => {
    const some = toggleUnit(leaf, new Set());
    expect(checkState(root, some)).toBe('some');
    const all = toggleUnit(root, some);
    expect(checkState(root, all)).toBe('all');
    expect(downloadItems([root], all)).toEqual([
      { projectUnitID: 1, fileID: 11, fileName: 'a.pdf' },
      { projectUnitID: 3, fileID: 31, fileName: 'c.pdf' },
    ]);
    expect(checkState(root, toggleUnit(root, all))).toBe('none');
  });

  it('formats sizes', () => {
    expect(formatFileSize(532, 'en')).toBe('532 B');
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
    expect(formatFileSize(50 * 1024 * 1024, 'en')).toBe('50 MB');
  });
});
