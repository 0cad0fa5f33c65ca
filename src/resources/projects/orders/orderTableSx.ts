import type { CSSObject, SxProps, Theme } from '@mui/material';

/** The class of an order table that gets the spreadsheet look (OrderGridStyles). */
export const ORDER_GRID_CLASS = 'order-grid';

const tint = (theme: Theme, dark: string, light: string) => (theme.palette.mode === 'dark' ? dark : light);

/**
 * The spreadsheet look of the order tables: body rows are plain <tr>/<td> with borderless inputs that fill
 * their cell, a clear focus ring, problems under the input, and the row state as a bar on the left (new:
 * primary, changed: warning). Plain CSS from the theme, so it can be one global rule (OrderGridStyles) that
 * is not serialised again on every keystroke.
 */
export function orderGridCss(theme: Theme): CSSObject {
  const { palette } = theme;
  return {
    // Rows are grids over the columns of --order-columns (set on the table), not table rows: each row lays out
    // on its own, and rows off screen are skipped (content-visibility) — a keystroke in one of 500 rows does
    // not lay out and paint the whole table again. The elements keep their roles (role attributes).
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    '& thead': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: palette.background.paper },
    '& tr': { display: 'grid', gridTemplateColumns: 'var(--order-columns)', borderBottom: `1px solid ${palette.divider}` },
    '& tbody tr': { contentVisibility: 'auto', containIntrinsicSize: 'auto 41px' },
    '& th, & td': { display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0, border: 0 },
    '& td.full': { gridColumn: '1 / -1' },
    '& thead th': { fontWeight: 600, whiteSpace: 'nowrap', padding: theme.spacing(1), overflow: 'hidden', textOverflow: 'ellipsis' },
    '& thead th.num': { textAlign: 'right' },
    '& tbody td': {
      padding: theme.spacing(0.25, 0.5),
      minHeight: 40,
      ...(theme.typography.body2 as CSSObject),
    },
    '& tbody td.num': { textAlign: 'right', padding: theme.spacing(0.25, 1), fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& tbody td.text': { padding: theme.spacing(0.25, 1) },
    '& tbody td.pos': { padding: theme.spacing(0.25, 1), color: palette.text.secondary, fontVariantNumeric: 'tabular-nums' },
    '& tbody td.actions': { flexDirection: 'row', alignItems: 'center', whiteSpace: 'nowrap', padding: theme.spacing(0, 0.5) },
    '& tbody tr:hover': { backgroundColor: palette.action.hover },
    '& tbody tr[data-status="new"]': { backgroundColor: tint(theme, 'rgba(144, 202, 249, 0.06)', 'rgba(25, 118, 210, 0.04)') },
    '& tbody tr[data-status="new"] td.pos': { boxShadow: `inset 3px 0 ${palette.primary.main}` },
    '& tbody tr[data-status="dirty"] td.pos': { boxShadow: `inset 3px 0 ${palette.warning.main}` },
    '& .cell-input': {
      width: '100%',
      boxSizing: 'border-box',
      font: 'inherit',
      color: palette.text.primary,
      backgroundColor: 'transparent',
      border: '1px solid transparent',
      borderRadius: 4,
      padding: theme.spacing(0.5, 0.75),
      minHeight: 32,
      outline: 'none',
      transition: 'border-color 120ms',
    },
    '& select.cell-input': { cursor: 'pointer', paddingRight: theme.spacing(0.25) },
    '& select.cell-input option': { color: palette.text.primary, backgroundColor: palette.background.paper },
    '& .cell-input.num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    '& .cell-input:hover': { borderColor: palette.divider },
    '& .cell-input:focus, & .cell-input:focus-visible': { borderColor: palette.primary.main, boxShadow: `0 0 0 1px ${palette.primary.main}`, backgroundColor: palette.background.paper },
    '& .cell-input[aria-invalid="true"]': { borderColor: palette.error.main, backgroundColor: tint(theme, 'rgba(244, 67, 54, 0.08)', 'rgba(211, 47, 47, 0.04)') },
    // Spin buttons would crowd the narrow number cells; arrows move between rows instead.
    '& input.cell-input[type=number]': { MozAppearance: 'textfield' },
    '& input.cell-input::-webkit-outer-spin-button, & input.cell-input::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
    '& .cell-error': { color: palette.error.main, fontSize: 12, lineHeight: 1.3, padding: theme.spacing(0, 0.75, 0.25), whiteSpace: 'normal' },
  };
}

/** The same look as an sx prop (for a table that re-renders rarely); the table sets --order-columns. */
export const orderTableSx: SxProps<Theme> = (theme) => orderGridCss(theme);
