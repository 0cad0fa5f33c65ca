import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../src/domain/contrast';

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
