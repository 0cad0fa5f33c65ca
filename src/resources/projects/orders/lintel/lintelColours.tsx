import { Box, Stack, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { LINTEL_TYPES, type LintelType } from '../../../../domain/catalogue';

/** The palette colour of a lintel type: FS rows in the info blue, other types in the warning amber. */
const typePalette = (theme: Theme, type: LintelType) => (type === 'FS' ? theme.palette.info : theme.palette.warning);

/** A light tint of the type's colour that keeps text readable in light and dark themes. */
export const lintelTint = (theme: Theme, type: LintelType) => alpha(typePalette(theme, type).main, theme.palette.mode === 'dark' ? 0.2 : 0.1);

/** The row's background by its product's type; rows without an article stay plain. */
export const lintelRowSx = (type: string | null) => (theme: Theme) =>
  type === 'FS' || type === 'other' ? { backgroundColor: lintelTint(theme, type), '&:hover': { backgroundColor: alpha(typePalette(theme, type).main, theme.palette.mode === 'dark' ? 0.28 : 0.16) } } : {};

export const lintelTypeLabelKey = (type: string) => (type === 'FS' ? 'ORDERS.Lintel.TypeFS' : 'ORDERS.Lintel.TypeOther');

/** What the row colours mean. */
export function LintelLegend() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="lintel-legend">
      <Typography variant="body2" color="text.secondary">
        {translate('ORDERS.Lintel.Legend')}
      </Typography>
      {LINTEL_TYPES.map((type) => (
        <Stack key={type} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            sx={(theme) => ({ width: 24, height: 14, borderRadius: 0.5, backgroundColor: lintelTint(theme, type), border: `1px solid ${alpha(typePalette(theme, type).main, 0.6)}` })}
            aria-hidden
          />
          <Typography variant="body2">{translate(type === 'FS' ? 'ORDERS.Lintel.LegendFS' : 'ORDERS.Lintel.LegendOther')}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
