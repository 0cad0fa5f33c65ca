import { deepmerge } from '@mui/utils';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * A user who asked their system for less motion (prefers-reduced-motion) gets none from MUI: dialogs, menus,
 * drawers and collapses appear at once instead of sliding or growing (WCAG 2.3.3). Read once at start.
 */
export const prefersReducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const noMotion = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

export const theme: RaThemeOptions = deepmerge(defaultTheme, {
  ...(prefersReducedMotion ? noMotion : {}),
  palette: {
    primary: { main: '#1f3a5f', light: '#4a6a93', dark: '#102540', contrastText: '#ffffff' },
    secondary: { main: '#2f6f5e', light: '#5c9d8a', dark: '#0f4535', contrastText: '#ffffff' },
    background: { default: '#f4f6f9' },
    // Darker than MUI's defaults: outlined chips and text in these colours keep WCAG AA contrast (4.5:1) on white.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e0e4ea' } } },
    // A card's actions move below its title when both do not fit (phones), instead of running off the card.
    MuiCardHeader: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 8 }, action: { flexShrink: 1, minWidth: 0, alignSelf: 'center', marginTop: 0, marginBottom: 0 } } },
  },
});
