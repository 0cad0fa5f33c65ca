import type { ErrorSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import {
  errorsAt,
  formatParams,
  hasErrorsBelow,
  mergeErrorSchemas,
  problemsToErrorSchema,
  referencePath,
  serverMessagesToErrorSchema,
  translateValidationErrors,
} from '../../src/forms/errorSchema';
import { isTranslationKey, translateSchema, translateUiSchema } from '../../src/forms/translateSchema';
import { structureProblems, type StructureDraft, type StructureRules } from '../../src/domain/structure';

/** A stand-in for react-admin's translate: the key with its options, so that the tests see what was asked. */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const { _: _fallback, ...params } = options;
  const args = Object.entries(params).map(([name, value]) => `${name}=${value}`);
  return args.length ? `${key}(${args.join(',')})` : key;
};

describe('problemsToErrorSchema', () => {
  it('puts each translated message at its data path, array indexes as keys', () => {
    const schema = problemsToErrorSchema(
      [
        { path: ['subprojects', 0, 'name'], key: 'STRUCTURE.Errors.DuplicateSubproject', params: { name: 'Haus A' } },
        { path: ['subprojects', 0, 'children', 1, 'materials', 2, 'volume'], key: 'STRUCTURE.Errors.VolumePositive' },
        { path: ['subprojects', 0], key: 'STRUCTURE.Errors.LimitReached', params: { max: 350, total: 400 } },
        { path: ['subprojects'], key: 'STRUCTURE.Errors.NoSubprojects' },
      ],
      translate,
    );
    expect(errorsAt(schema, 'subprojects', 0, 'name')).toEqual(['STRUCTURE.Errors.DuplicateSubproject(name=Haus A)']);
    expect(errorsAt(schema, 'subprojects', 0, 'children', 1, 'materials', 2, 'volume')).toEqual(['STRUCTURE.Errors.VolumePositive']);
    expect(errorsAt(schema, 'subprojects', 0)).toEqual(['STRUCTURE.Errors.LimitReached(max=350,total=400)']);
    expect(errorsAt(schema, 'subprojects')).toEqual(['STRUCTURE.Errors.NoSubprojects']);
    expect(schema).toMatchObject({ subprojects: { 0: { children: { 1: { materials: { 2: { volume: { __errors: ['STRUCTURE.Errors.VolumePositive'] } } } } } } } });
  });

  it('shows dates of parameters as the user reads dates', () => {
    const [message] = errorsAt(problemsToErrorSchema([{ path: ['d'], key: 'K', params: { minDate: '2026-12-03' } }], translate, 'de'), 'd');
    expect(message).toBe('K(minDate=03.12.2026)');
    expect(formatParams({ minDate: '2026-12-03', total: 5 }, 'en')).toEqual({ minDate: 'Dec 3, 2026', total: '5' });
  });

  it('shows numbers of parameters with the language’s decimal mark', () => {
    expect(formatParams({ available: 268.3, total: 350.001 }, 'de')).toEqual({ available: '268,3', total: '350,001' });
    expect(formatParams({ available: 268.3 }, 'en')).toEqual({ available: '268.3' });
  });

  it('keeps one copy of a repeated message', () => {
    const schema = problemsToErrorSchema([{ path: ['a'], key: 'K' }, { path: ['a'], key: 'K' }], translate);
    expect(errorsAt(schema, 'a')).toEqual(['K']);
  });

  it('turns the domain rules of a draft into messages at the fields', () => {
    const rules: StructureRules = { today: '2026-11-21', materialTypes: [{ key: 'aac', label: 'AAC', productTypeID: 1, minDate: '2026-12-03' }] };
    const draft: StructureDraft = {
      subprojects: [
        { id: 's1', name: 'Haus C', children: [{ id: 'l1', name: 'EG', materials: [{ type: 'aac', volume: 0, deliveryDate: '2026-12-01' }] }] },
        { id: 's2', name: 'haus c', children: [{ id: 'l2', name: '', materials: [] }] },
      ],
    };
    const schema = problemsToErrorSchema(structureProblems(draft, rules), translate);
    expect(errorsAt(schema, 'subprojects', 0, 'children', 0, 'materials', 0, 'volume')).toEqual(['STRUCTURE.Errors.VolumePositive']);
    expect(errorsAt(schema, 'subprojects', 0, 'children', 0, 'materials', 0, 'deliveryDate')[0]).toContain('STRUCTURE.Errors.DateTooEarly(minDate=');
    expect(errorsAt(schema, 'subprojects', 1, 'name')).toEqual(['STRUCTURE.Errors.DuplicateSubproject(name=haus c)']);
    expect(errorsAt(schema, 'subprojects', 1, 'children')).toEqual(['STRUCTURE.Errors.PlaceholderOnly(name=haus c)']);
    expect(hasErrorsBelow(schema, 'subprojects', 0)).toBe(true);
  });
});

describe('server messages and error trees', () => {
  it('reads dotted references as paths', () => {
    expect(referencePath('subprojects.0.children.12.name')).toEqual(['subprojects', 0, 'children', 12, 'name']);
  });

  it('puts the API messages that name a field at that field, leaving the others out', () => {
    const schema = serverMessagesToErrorSchema([
      { text: 'Enter a volume greater than 0 m³.', reference: 'subprojects.1.children.0.materials.0.volume' },
      { text: 'Not in structuring' },
    ]);
    expect(errorsAt(schema, 'subprojects', 1, 'children', 0, 'materials', 0, 'volume')).toEqual(['Enter a volume greater than 0 m³.']);
    expect(errorsAt(schema)).toEqual([]);
    expect(errorsAt(serverMessagesToErrorSchema([{ text: 'x', reference: '0.volume' }], ['rows']), 'rows', 0, 'volume')).toEqual(['x']);
  });

  it('merges two trees without losing messages', () => {
    const merged = mergeErrorSchemas({ a: { __errors: ['one'] } } as unknown as ErrorSchema, { a: { __errors: ['two'], b: { __errors: ['three'] } } } as unknown as ErrorSchema);
    expect(errorsAt(merged, 'a')).toEqual(['one', 'two']);
    expect(errorsAt(merged, 'a', 'b')).toEqual(['three']);
    expect(hasErrorsBelow({ a: { b: {} } } as unknown as ErrorSchema)).toBe(false);
  });

  it('translates ajv findings into the portal keys', () => {
    const [required, long] = translateValidationErrors(
      [
        { name: 'required', property: '.name', params: { missingProperty: 'name' }, message: "must have required property 'name'", stack: '' },
        { name: 'maxLength', property: '.title', params: { limit: 200 }, message: 'must NOT have more than 200 characters', stack: '' },
      ],
      translate,
    );
    expect(required.message).toBe('VALIDATION.IsRequired');
    expect(long.message).toBe('VALIDATION.TooLong(max=200)');
  });
});

describe('translateSchema', () => {
  it('translates titles and descriptions that are keys, and nothing else', () => {
    const schema = translateSchema(
      { type: 'object', title: 'Project structure draft', properties: { title: { type: 'string', title: 'STRUCTURE.SubprojectName', description: 'STRUCTURE.Volume', default: 'STRUCTURE.Title' } } },
      translate,
    );
    expect(schema.title).toBe('Project structure draft');
    expect(schema.properties?.title).toEqual({ type: 'string', title: 'STRUCTURE.SubprojectName', description: 'STRUCTURE.Volume', default: 'STRUCTURE.Title' });
    const german = translateSchema({ properties: { a: { title: 'STRUCTURE.Volume' } } }, (key) => (key === 'STRUCTURE.Volume' ? 'Volumen' : key));
    expect(german.properties?.a).toEqual({ title: 'Volumen' });
    expect(translateUiSchema({ a: { 'ui:placeholder': 'STRUCTURE.Add', 'ui:widget': 'STRUCTURE.Add' } }, () => 'Hinzufügen')).toEqual({ a: { 'ui:placeholder': 'Hinzufügen', 'ui:widget': 'STRUCTURE.Add' } });
    expect(isTranslationKey('STRUCTURE.Errors.NameRequired')).toBe(true);
    expect(isTranslationKey('Project structure draft')).toBe(false);
    expect(isTranslationKey('e.g. Haus A')).toBe(false);
  });
});
