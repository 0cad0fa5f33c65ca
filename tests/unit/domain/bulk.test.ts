import { describe, expect, it } from 'vitest';
import { detectDecimalComma, formatCell, normaliseHeader, parseNumberText, readCell } from '../../../src/domain/bulk/cells';
import { BULK_DEFINITIONS, canBulkAdminister } from '../../../src/domain/bulk/resources';
import { classifyRow, readRow, rowKey } from '../../../src/domain/bulk/rows';

const german = { decimalComma: true };
const english = { decimalComma: false };

describe('cells', () => {
  it('reads numbers as German and English Excel write them', () => {
    expect(parseNumberText('1.234,5', german)).toBe(1234.5);
    expect(parseNumberText('98,75', german)).toBe(98.75);
    expect(parseNumberText('1,050.25', english)).toBe(1050.25);
    expect(parseNumberText('1 234,5', german)).toBe(1234.5);
    expect(parseNumberText('1.234,5', english)).toBeUndefined();
    expect(parseNumberText('12a', german)).toBeUndefined();
  });
  it('detects the decimal comma from the separator or the cells', () => {
    expect(detectDecimalComma(';', [])).toBe(true);
    expect(detectDecimalComma(',', ['1,5'])).toBe(false);
    expect(detectDecimalComma('\t', ['abc', '12,50'])).toBe(true);
    expect(detectDecimalComma('\t', ['12.50'])).toBe(false);
  });
  it('reads yes/no in every language, id lists, blanks and texts', () => {
    for (const yes of ['ja', 'Yes', 'true', 'WAHR', '1']) expect(readCell('boolean', yes, german)).toEqual({ value: true });
    for (const no of ['nein', 'nee', 'no', 'false', '0']) expect(readCell('boolean', no, german)).toEqual({ value: false });
    expect(readCell('boolean', 'vielleicht', german)).toEqual({ error: 'BULK.Cell.NotABoolean' });
    expect(readCell('idList', '1 2;3', german)).toEqual({ value: [1, 2, 3] });
    expect(readCell('idList', '', german)).toEqual({ value: [] });
    expect(readCell('integer', '  ', german)).toEqual({ empty: true });
    expect(readCell('text', "'=SUM(A1)", german)).toEqual({ value: '=SUM(A1)' });
  });
  it('writes cells in the user\'s language that read back the same', () => {
    expect(formatCell('decimal', 1234.5, 'de')).toBe('1234,50');
    expect(formatCell('decimal', 1234.5, 'en')).toBe('1234.50');
    expect(formatCell('boolean', true, 'nl')).toBe('ja');
    expect(formatCell('text', '=cmd', 'en')).toBe("'=cmd");
    for (const [kind, value] of [['decimal', 1234.5], ['boolean', false], ['integer', 300], ['idList', [1, 2]], ['text', '-minus']] as const) {
      for (const language of ['de', 'en', 'nl'] as const) {
        const style = { decimalComma: language !== 'en' };
        expect(readCell(kind, formatCell(kind, value, language), style)).toEqual({ value });
      }
    }
  });
  it('compares headers loosely', () => {
    expect(normaliseHeader('Min. Länge (mm)')).toBe(normaliseHeader('min laenge mm'.replace('ae', 'a')));
    expect(normaliseHeader('Größe')).toBe('grosse');
  });
});

describe('rows', () => {
  const aac = BULK_DEFINITIONS.aacproducts;
  const mapping = ['tenantID', 'articleNo', 'productNo', 'title', 'value', 'thickness', 'width', 'minLength', 'maxLength', 'unitsPerPallet', 'price', 'active'];
  const stored = { id: 7, tenantID: 1, tenantName: 'N', articleNo: 'A-1', productNo: 0, title: 'PE 300', value: 'PE300', thickness: 300, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 10, price: 210.5, active: true };
  const cells = ['1', 'A-1', '0', 'PE 300', 'PE300', '300', '625', '1000', '6000', '10', '210,50', 'ja'];

  it('matches by the natural key and classifies unchanged, changed (with fields) and new rows', () => {
    const read = readRow(aac, mapping, cells, german);
    expect(rowKey(aac, read.values)?.text).toBe('1 / A-1');
    expect(classifyRow(aac, 2, read, stored, '1 / A-1').status).toBe('unchanged');
    const changed = classifyRow(aac, 2, readRow(aac, mapping, cells.map((cell, index) => (index === 10 ? '1.234,5' : cell)), german), stored, 'k');
    expect(changed.status).toBe('changed');
    expect(changed.changes).toEqual([{ field: 'price', from: 210.5, to: 1234.5 }]);
    expect(classifyRow(aac, 3, read, undefined, 'k').status).toBe('new');
  });
  it('gives every reason of an invalid row per field, from the form\'s schema', () => {
    const bad = ['1', 'A-2', '5', '', 'PE', 'dick', '625', '1010', '900', '10', '-1', 'ja'];
    const row = classifyRow(aac, 4, readRow(aac, mapping, bad, german), undefined, 'k');
    expect(row.status).toBe('invalid');
    expect(row.problems?.map((problem) => problem.field).sort()).toEqual(['maxLength', 'minLength', 'price', 'productNo', 'thickness', 'title'].sort());
  });
  it('keeps ignored and read-only columns out of the record', () => {
    const read = readRow(aac, [...mapping.slice(0, -1), null], cells, german);
    expect(read.values).not.toHaveProperty('active');
    expect(readRow(aac, ['tenantName'], ['X'], german).values).toEqual({});
  });
});

describe('who administers in bulk', () => {
  const user = (over: object) => ({ isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false, ...over });
  it('is the administrators, for the six lists only', () => {
    expect(canBulkAdminister(user({ isAdmin: true }), 'aacproducts')).toBe(true);
    expect(canBulkAdminister(user({ isAdmin: true }), 'projects')).toBe(false);
    expect(canBulkAdminister(user({ isInternal: true }), 'plants')).toBe(false);
    expect(canBulkAdminister(user({}), 'users')).toBe(false);
  });
});
