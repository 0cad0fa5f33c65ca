import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../src/domain/documentTitle';

describe('documentTitle', () => {
  it('puts the page (with its project) before the product', () => {
    expect(documentTitle('Bestellung – Schule am Stadtpark')).toBe('Bestellung – Schule am Stadtpark – planXchange');
  });
  it('collapses the white space of a rendered title', () => {
    expect(documentTitle('  Meine\n  Aufgaben ')).toBe('Meine Aufgaben – planXchange');
  });
  it('is the product alone while the page has no title', () => {
    expect(documentTitle('')).toBe('planXchange');
    expect(documentTitle(undefined)).toBe('planXchange');
    expect(documentTitle('planXchange')).toBe('planXchange');
  });
});
