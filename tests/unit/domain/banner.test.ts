import { AA_TEXT_CONTRAST, contrastRatio } from '../../../src/domain/contrast';
import { describe, expect, it } from 'vitest';
import { bannerCreateSchema, bannerDefaults, bannerUpdateSchema, BANNER_LEVEL_COLORS, isBannerActive } from '../../../src/domain/banner';

const valid = {
  title: 'T',
  text: 'Text',
  level: 'info',
  showFrom: '2026-11-21T10:00:00.000Z',
  showUntil: '2026-11-22T10:00:00.000Z',
  salesOrgs: [1],
};

function keysOf(input: unknown) {
  const result = bannerCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('banner schema', () => {
  it('accepts a complete banner and trims the title', () => {
    const parsed = bannerCreateSchema.parse({ ...valid, title: '  T  ' });
    expect(parsed.title).toBe('T');
  });

  it('every field is required, with the translation key as message', () => {
    expect(keysOf({}).sort()).toEqual(
      ['level', 'salesOrgs', 'showFrom', 'showUntil', 'text', 'title'].map((field) => `${field}:VALIDATION.IsRequired`).sort(),
    );
  });

  it('wrong kinds say so instead of "required"', () => {
    expect(keysOf({ ...valid, title: 4 })).toEqual(['title:VALIDATION.InvalidType']);
    expect(keysOf({ ...valid, level: 'urgent' })).toEqual(['level:VALIDATION.InvalidValue']);
    expect(keysOf({ ...valid, showFrom: 'soon' })).toEqual(['showFrom:VALIDATION.InvalidDate']);
    expect(keysOf({ ...valid, showFrom: '2026-11-21' })).toEqual(['showFrom:VALIDATION.InvalidDate']);
  });

  it('needs at least one sales organisation', () => {
    expect(keysOf({ ...valid, salesOrgs: [] })).toEqual(['salesOrgs:VALIDATION.IsRequired']);
  });

  it('the end must be after the start', () => {
    expect(keysOf({ ...valid, showUntil: valid.showFrom })).toEqual(['showUntil:VALIDATION.EndBeforeStart']);
  });

  it('reports the order of the dates even while other fields are missing (the form shows it at once)', () => {
    expect(keysOf({ showFrom: valid.showUntil, showUntil: valid.showFrom })).toContain('showUntil:VALIDATION.EndBeforeStart');
    expect(bannerCreateSchema.safeParse(null).success).toBe(false);
  });

  it('refuses control characters but keeps line breaks', () => {
    expect(keysOf({ ...valid, title: 'a\u0000b' })).toEqual(['title:VALIDATION.InvalidCharacters']);
    expect(keysOf({ ...valid, text: 'line one\nline two\ttab' })).toEqual([]);
  });

  it('limits lengths', () => {
    expect(keysOf({ ...valid, title: 'x'.repeat(201) })).toEqual(['title:VALIDATION.TooLong']);
    expect(keysOf({ ...valid, text: 'x'.repeat(2001) })).toEqual(['text:VALIDATION.TooLong']);
  });

  it('refuses unknown fields', () => {
    expect(keysOf({ ...valid, extra: 1 })[0]).toMatch(/^:/);
  });

  it('an update may carry any subset of the fields', () => {
    expect(bannerUpdateSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(bannerUpdateSchema.safeParse({ level: 'x' }).success).toBe(false);
  });
});

describe('bannerDefaults', () => {
  it('shows from now (UTC) until one day later, with no sales org chosen', () => {
    const now = new Date('2026-11-21T08:30:00.000Z');
    expect(bannerDefaults(now)).toEqual({
      level: 'info',
      showFrom: '2026-11-21T08:30:00.000Z',
      showUntil: '2026-11-22T08:30:00.000Z',
      salesOrgs: [],
    });
  });
});

describe('isBannerActive', () => {
  const banner = { showFrom: '2026-11-21T10:00:00.000Z', showUntil: '2026-11-22T10:00:00.000Z' };
  it('is active from showFrom (inclusive) to showUntil (exclusive)', () => {
    expect(isBannerActive(banner, new Date('2026-11-21T09:59:59.999Z'))).toBe(false);
    expect(isBannerActive(banner, new Date('2026-11-21T10:00:00.000Z'))).toBe(true);
    expect(isBannerActive(banner, new Date('2026-11-22T09:59:59.999Z'))).toBe(true);
    expect(isBannerActive(banner, new Date('2026-11-22T10:00:00.000Z'))).toBe(false);
  });
});

describe('level colours', () => {
  it('info blue-grey, warning dark orange, important red', () => {
    expect(BANNER_LEVEL_COLORS.info.background).toBe('#546e7a');
    expect(BANNER_LEVEL_COLORS.warning.background).toBe('#b45309');
    expect(BANNER_LEVEL_COLORS.important.background).toBe('#c62828');
  });

  it('every level’s text is readable on its colour (WCAG AA, 4.5:1)', () => {
    for (const { background, text } of Object.values(BANNER_LEVEL_COLORS)) expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
