// The banner levels and their colours, for the banner strip at start; the banner's form rules are in banner.ts.
export const BANNER_LEVELS = ['info', 'warning', 'important'] as const;
export type BannerLevel = (typeof BANNER_LEVELS)[number];

/** The colours the spec names: info blue-grey, warning orange, important red. */
export const BANNER_LEVEL_COLORS: Record<BannerLevel, { background: string; text: string }> = {
  info: { background: '#546e7a', text: '#ffffff' },
  // Dark orange: white text on it keeps WCAG AA contrast (the lighter #ef6c00 had 3:1).
  warning: { background: '#b45309', text: '#ffffff' },
  important: { background: '#c62828', text: '#ffffff' },
};
