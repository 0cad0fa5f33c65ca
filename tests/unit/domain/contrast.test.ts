import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColour } from '../../../src/domain/contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f3a5f', '#1f3a5f')).toBe(1);
  });
  it('tells the old warning orange (3.1) from the new one (5.0)', () => {
    expect(contrastRatio('#ffffff', '#ef6c00')).toBeCloseTo(3.08, 1);
    expect(contrastRatio('#ffffff', '#b45309')).toBeCloseTo(5.02, 1);
  });
});

describe('readableTextColour (product-type chips on configured colours)', () => {
  it('keeps a configured text colour with AA contrast', () => {
    expect(readableTextColour('#ffffff', '#1f3a5f')).toBe('#ffffff');
  });
  it('replaces one below AA by black or white, whichever reads better', () => {
    expect(readableTextColour('#ffffff', '#ef6c00')).toBe('#000000');
    expect(readableTextColour('#777777', '#101010')).toBe('#ffffff');
    expect(readableTextColour(null, '#fff59d')).toBe('#000000');
  });
  it('leaves the text colour alone when there is no usable background', () => {
    expect(readableTextColour('#ff0000', null)).toBe('#ff0000');
    expect(readableTextColour(null, 'grey.300')).toBeNull();
  });
});
