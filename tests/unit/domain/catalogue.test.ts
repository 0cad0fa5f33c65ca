import { describe, expect, it } from 'vitest';
import { aacProductCreateSchema, aacProductUpdateSchema, lintelProductCreateSchema } from '../../../src/domain/catalogue';

const aac = {
  tenantID: 1,
  productNo: 0,
  articleNo: 'NS-PE-300-625',
  title: 'Planelement PE 300',
  value: 'PE300',
  thickness: 300,
  width: 625,
  minLength: 1000,
  maxLength: 6000,
  unitsPerPallet: 10,
  active: true,
};

const lintel = {
  tenantID: 1,
  itemNo: 'NS-FS-115-124-1000',
  title: 'Flachsturz 115/124, 1000 mm',
  value: 'FS115-124-1000',
  height: 124,
  thickness: 115,
  length: 1000,
  lintelType: 'FS',
  unitsPerPallet: 20,
  active: true,
};

function issues(schema: typeof aacProductCreateSchema | typeof lintelProductCreateSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('AAC product schema', () => {
  it('accepts a complete product', () => {
    expect(issues(aacProductCreateSchema, aac)).toEqual([]);
  });

  it('every field is required', () => {
    expect(issues(aacProductCreateSchema, {}).sort()).toEqual(
      Object.keys(aac)
        .map((field) => `${field}:VALIDATION.IsRequired`)
        .sort(),
    );
  });

  it.each([
    [{ productNo: 3 }, 'productNo:CATALOGUE.Validation.ProductNo'],
    [{ productNo: '1' }, 'productNo:CATALOGUE.Validation.ProductNo'],
    [{ thickness: 0 }, 'thickness:CATALOGUE.Validation.Positive'],
    [{ width: 62.5 }, 'width:CATALOGUE.Validation.WholeNumber'],
    [{ width: 20000 }, 'width:CATALOGUE.Validation.DimensionTooLarge'],
    [{ minLength: 1010 }, 'minLength:CATALOGUE.Validation.LengthStep'],
    [{ maxLength: 1010 }, 'maxLength:CATALOGUE.Validation.LengthStep'],
    [{ maxLength: 980 }, 'maxLength:CATALOGUE.Validation.MaxBelowMin'],
    [{ unitsPerPallet: 0 }, 'unitsPerPallet:CATALOGUE.Validation.Positive'],
    [{ unitsPerPallet: 5000 }, 'unitsPerPallet:CATALOGUE.Validation.UnitsPerPalletTooLarge'],
    [{ articleNo: '  ' }, 'articleNo:VALIDATION.IsRequired'],
    [{ articleNo: 'PE<300>' }, 'articleNo:CATALOGUE.Validation.CodeCharacters'],
    [{ title: 'x'.repeat(201) }, 'title:VALIDATION.TooLong'],
    [{ active: 'yes' }, 'active:VALIDATION.InvalidType'],
    [{ tenantID: 0 }, 'tenantID:VALIDATION.InvalidValue'],
  ])('refuses %j', (change, expected) => {
    expect(issues(aacProductCreateSchema, { ...aac, ...change })).toEqual([expected]);
  });

  it('a change may name any subset of the fields, but no unknown ones', () => {
    expect(aacProductUpdateSchema.safeParse({ title: 'PE 300 neu' }).success).toBe(true);
    expect(aacProductUpdateSchema.safeParse({ colour: 'grey' }).success).toBe(false);
  });
});

describe('lintel product schema', () => {
  it('accepts a complete lintel of either type', () => {
    expect(issues(lintelProductCreateSchema, lintel)).toEqual([]);
    expect(issues(lintelProductCreateSchema, { ...lintel, lintelType: 'other' })).toEqual([]);
  });

  it.each([
    [{ lintelType: 'U' }, 'lintelType:CATALOGUE.Validation.LintelType'],
    [{ height: -124 }, 'height:CATALOGUE.Validation.Positive'],
    [{ length: 1000.5 }, 'length:CATALOGUE.Validation.WholeNumber'],
    [{ itemNo: '' }, 'itemNo:VALIDATION.IsRequired'],
  ])('refuses %j', (change, expected) => {
    expect(issues(lintelProductCreateSchema, { ...lintel, ...change })).toEqual([expected]);
  });
});
