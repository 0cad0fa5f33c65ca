// The banner levels and their colours, for the banner strip at start; the banner's form rules are in banner.ts.
export const BANNER_LEVELS = ['info', 'warning', 'important'] as const;
export type BannerLevel = (typeof BANNER_LEVELS)[number];

/** The colours the spec names: info blue-grey, warning orange, important red. */
export const BANNER_LEVEL_COLORS: Record<BannerLevel, { background: string; text: string }> = {
  info: { background: '#546e7a', text: '#ffffff' },
  warning: { background: '#ef6c00', text: '#ffffff' },
  important: { background: '#c62828', text: '#ffffff' },
};
