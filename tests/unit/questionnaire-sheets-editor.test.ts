import { describe, expect, it } from 'vitest';
import { controlChanges } from '../../src/domain/questionnaire/builder';
import { placedProblems, splitPointer, syntaxProblem } from '../../src/resources/questionnaire-sheets/editorProblems';
import { jsonSyntaxError, lineColumn, locatePointer, parseJsonText, pointerFromPath, prettyJson } from '../../src/resources/questionnaire-sheets/jsonText';
import { countChanges, foldUnchanged, lineDiff } from '../../src/resources/questionnaire-sheets/lineDiff';

const sheet = prettyJson({
  type: 'object',
  title: 'General',
  properties: {
    project: { type: 'object', title: 'Project data', properties: { storeys: { type: 'number', minimum: 1 }, 'a/b~c': { type: 'string' } } },
    list: { type: 'array', items: [{ type: 'string' }, { type: 'strnig' }] },
  },
});

const textAt = (text: string, range: { from: number; to: number } | null) => (range ? text.slice(range.from, range.to) : null);

describe('JSON syntax errors of the sheet editor', () => {
  it('accepts JSON and answers the value', () => {
    expect(jsonSyntaxError(sheet)).toBeNull();
    expect(parseJsonText(' [1, 2.5e3, "x\\u00e4", true, null] ')).toEqual({ value: [1, 2500, 'xä', true, null], error: null });
  });

  it.each([
    ['{"a": 1,}', 'ExpectedPropertyName', 8],
    ['{"a" 1}', 'ExpectedColon', 5],
    ['{"a": 1 "b": 2}', 'ExpectedCommaOrBrace', 8],
    ['[1 2]', 'ExpectedCommaOrBracket', 3],
    ['{"a": tru}', 'ExpectedValue', 6],
    ['{"a": 01}', 'ExpectedCommaOrBrace', 7],
    ['{"a": -}', 'InvalidNumber', 6],
    ['{"a": "x\ty"}', 'InvalidString', 8],
    ['{"a": "x\\q"}', 'InvalidString', 8],
    ['{"a": 1} x', 'TrailingContent', 9],
    ['{"a": [1, 2', 'UnexpectedEnd', 11],
    ['', 'UnexpectedEnd', 0],
  ])('%j → %s at %i', (text, reason, offset) => {
    expect(jsonSyntaxError(text)).toEqual({ reason, offset });
    expect(parseJsonText(text).error).toEqual({ reason, offset });
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumn('{\n  "a": x\n}', 9)).toEqual({ line: 2, column: 8 });
    expect(lineColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });

  it('makes a translated problem of a syntax error', () => {
    const text = '{\n  "type": "object",\n}';
    const problem = syntaxProblem('schema', text, jsonSyntaxError(text)!);
    expect(problem).toMatchObject({ document: 'schema', pointer: null, key: 'QUESTIONNAIRE_SHEETS.Json.ExpectedPropertyName', line: 3, column: 1 });
    expect(problem.params).toEqual({ line: 3, column: 1 });
  });
});

describe('JSON pointers in the editor text', () => {
  it('finds a scalar member with its value', () => {
    expect(textAt(sheet, locatePointer(sheet, '/properties/project/properties/storeys/minimum'))).toBe('"minimum": 1');
  });

  it('marks only the name of an object member and the bracket of an array item', () => {
    expect(textAt(sheet, locatePointer(sheet, '/properties/project'))).toBe('"project"');
    expect(textAt(sheet, locatePointer(sheet, '/properties/list/items/1'))).toBe('{');
    expect(textAt(sheet, locatePointer(sheet, '/properties/list/items/1/type'))).toBe('"type": "strnig"');
  });

  it('decodes ~0 and ~1 and answers the deepest existing ancestor for a missing node', () => {
    expect(textAt(sheet, locatePointer(sheet, '/properties/project/properties/a~1b~0c'))).toBe('"a/b~c"');
    expect(textAt(sheet, locatePointer(sheet, '/properties/project/properties/missing'))).toBe('"properties"');
    expect(textAt(sheet, locatePointer(sheet, ''))).toBe('{');
    expect(locatePointer('{"a": }', '/a')).toBeNull();
  });

  it('builds pointers from paths', () => {
    expect(pointerFromPath(['properties', 'a/b', 'x~y', 0])).toBe('/properties/a~1b/x~0y/0');
  });
});

describe('problems placed in the documents', () => {
  it('splits the body pointers of the validate call into document and pointer', () => {
    expect(splitPointer('/uiSchema/general/ui:order')).toEqual({ document: 'uiSchema', pointer: '/general/ui:order' });
    expect(splitPointer('/schema/properties')).toEqual({ document: 'schema', pointer: '/properties' });
    expect(splitPointer('/properties/schemas')).toEqual({ document: 'schema', pointer: '/properties/schemas' });
  });

  it('places, deduplicates and orders problems by document and position', () => {
    const placed = placedProblems(
      [
        { pointer: '/uiSchema', key: 'K.Ui' },
        { pointer: '/properties/list/items/1/type', key: 'K.Type', params: { allowed: ['string'] } },
        { pointer: '/properties/list/items/1/type', key: 'K.Type', params: { allowed: ['string'] } },
        { pointer: '/title', key: 'K.Title' },
      ],
      { schema: sheet, uiSchema: '{}' },
    );
    expect(placed.map((problem) => [problem.document, problem.pointer, problem.key])).toEqual([
      ['schema', '/title', 'K.Title'],
      ['schema', '/properties/list/items/1/type', 'K.Type'],
      ['uiSchema', '/', 'K.Ui'],
    ]);
    expect(textAt(sheet, placed[1].range)).toBe('"type": "strnig"');
    expect(placed[1].line).toBeGreaterThan(placed[0].line);
  });
});

describe('line diff of two versions', () => {
  const before = prettyJson({ a: 1, b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], c: 'x' });
  const after = prettyJson({ a: 1, b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], c: 'y', d: true });

  it('numbers lines on both sides and counts the changes', () => {
    const lines = lineDiff(before, after);
    expect(countChanges(lines)).toEqual({ added: 2, removed: 1 });
    expect(lines.find((line) => line.kind === 'removed')).toMatchObject({ text: '  "c": "x"', before: 15 });
    expect(lines.filter((line) => line.kind === 'added').map((line) => line.text)).toEqual(['  "c": "y",', '  "d": true']);
    expect(lines[lines.length - 1]).toMatchObject({ kind: 'same', text: '}', before: 16, after: 17 });
  });

  it('folds long unchanged runs and keeps three lines of context', () => {
    const blocks = foldUnchanged(lineDiff(before, after));
    expect(blocks.map((block) => block.kind)).toEqual(['folded', 'lines']);
    expect(blocks[0].lines).toHaveLength(11);
    expect(blocks[1].lines[0].text).toBe('    9,');
    expect(foldUnchanged(lineDiff(before, before)).map((block) => block.kind)).toEqual(['folded']);
  });
});

describe('field summary of a comparison', () => {
  const v1 = {
    type: 'object',
    title: 'General',
    'x-sheet': { name: 'xde-general', version: 1 },
    properties: {
      project: { type: 'object', title: 'Project', properties: { storeys: { type: 'number' }, start: { type: 'string' } } },
      site: { type: 'object', title: 'Site', properties: { crane: { type: 'boolean' }, access: { type: 'object', title: 'Access', properties: { trucks: { type: 'boolean' } } } } },
    },
  };
  const v2 = structuredClone(v1) as typeof v1 & { properties: { project: { properties: Record<string, unknown> } } };
  v2['x-sheet'].version = 2;
  delete (v2.properties.project.properties as Record<string, unknown>).start;
  v2.properties.project.properties.siteManager = { type: 'string', 'x-required': true };
  (v2.properties.site.properties.access.properties.trucks as Record<string, unknown>).title = '40 t trucks';

  it('names added, removed and changed controls by their path in the sheet, child sections included', () => {
    expect(controlChanges(v1, v2)).toEqual({ added: ['project.siteManager'], removed: ['project.start'], changed: ['site.access.trucks'] });
    expect(controlChanges(v1, v1)).toEqual({ added: [], removed: [], changed: [] });
  });

  it('treats a document that is not a sheet as having no controls', () => {
    expect(controlChanges({}, v1).added).toEqual(['project.storeys', 'project.start', 'site.crane', 'site.access.trucks']);
  });
});
