import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_SUBPROJECT_VOLUME } from '../../domain/structure';
import { formatNumber } from '../../domain/format';

/** How much of a subproject's 350 m³ the lots use: a bar and "x / 350 m³", red beyond the limit. */
export function VolumeBar({ volume, locale }: { volume: number; locale?: string }) {
  const translate = useTranslate();
  const over = volume > MAX_SUBPROJECT_VOLUME;
  const share = Math.min(100, (volume / MAX_SUBPROJECT_VOLUME) * 100);
  return (
    <Box sx={{ width: { xs: 120, sm: 180 }, flexShrink: 0 }} data-testid="volume-bar">
      <Typography variant="caption" color={over ? 'error' : 'text.secondary'} sx={{ display: 'block', textAlign: 'right', fontWeight: over ? 600 : 400 }}>
        {translate('STRUCTURE.VolumeUsed', { used: formatNumber(volume, locale), max: MAX_SUBPROJECT_VOLUME })}
      </Typography>
      <LinearProgress aria-label={translate('STRUCTURE.VolumeUsed', { used: formatNumber(volume, locale), max: MAX_SUBPROJECT_VOLUME })} variant="determinate" value={share} color={over ? 'error' : share >= 90 ? 'warning' : 'primary'} sx={{ height: 6, borderRadius: 3 }} />
    </Box>
  );
}
