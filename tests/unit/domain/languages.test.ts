import { describe, expect, it } from 'vitest';
import { isLanguage, manualLanguage, manualUrl } from '../../../src/domain/languages';

describe('languages', () => {
  it('knows de, en and nl only', () => {
    expect(['de', 'en', 'nl'].every(isLanguage)).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('the manual is the current language if de or nl, otherwise de', () => {
    expect(manualLanguage('de')).toBe('de');
    expect(manualLanguage('nl')).toBe('nl');
    expect(manualLanguage('en')).toBe('de');
    expect(manualUrl('nl')).toBe('/manuals/manual_for_reviewer_nl.pdf');
    expect(manualUrl('en')).toBe('/manuals/manual_for_reviewer_de.pdf');
  });
});
