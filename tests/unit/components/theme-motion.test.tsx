// @vitest-environment jsdom
import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The theme module with the system's motion preference as given (the theme reads it once, when it loads). */
async function themeWith(reduce: boolean) {
  vi.resetModules();
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  restore = () => (window.matchMedia = original);
  const module = await import('../../../src/theme');
  return { ...module, mui: createTheme(module.theme as Parameters<typeof createTheme>[0]) };
}

let restore = () => {};
afterEach(() => restore());

describe('motion follows the system setting (prefers-reduced-motion, WCAG 2.3.3)', () => {
  it('a user who asked for less motion gets no MUI transitions: dialogs and menus appear at once', async () => {
    const { prefersReducedMotion, mui } = await themeWith(true);
    expect(prefersReducedMotion).toBe(true);
    expect(mui.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(mui.transitions.duration.enteringScreen).toBe(0);
    expect(mui.transitions.duration.leavingScreen).toBe(0);
  });

  it('everyone else keeps MUI’s transitions', async () => {
    const { prefersReducedMotion, mui } = await themeWith(false);
    expect(prefersReducedMotion).toBe(false);
    expect(mui.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(mui.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
