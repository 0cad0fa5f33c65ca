import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { tenantLogoUrl } from '../../domain/members';
import { projectLogoId } from '../../domain/projectLists';
import { isClosedState, type ProjectUnit } from '../../domain/projectUnits';
import { formatDate, formatFullDateTime } from '../../domain/format';

/** The tenant's (or the sales organisation's) logo; nothing when there is none. */
export function ProjectLogo({ project, height = 32 }: { project: ProjectUnit; height?: number }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={tenantLogoUrl(projectLogoId(project))}
      alt={translate('LISTS.Columns.Logo')}
      onError={() => setFailed(true)}
      sx={{ height, maxWidth: 120, objectFit: 'contain', display: 'block' }}
      data-testid="project-logo"
    />
  );
}

export function StateChip({ stateKey }: { stateKey: string }) {
  const translate = useTranslate();
  const closed = isClosedState(stateKey);
  return (
    <Chip
      size="small"
      variant={closed ? 'filled' : 'outlined'}
      color={closed ? 'default' : 'primary'}
      label={translate(`STATES.${stateKey}`, { _: stateKey })}
    />
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago" in the interface language. */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, 'minute');
}

/** When the project entered its state: the date, and how long ago (full date and time on hover). */
export function SinceText({ iso, inline = false }: { iso: string; inline?: boolean }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const date = new Date(iso);
  const day = formatDate(date, locale);
  const full = formatFullDateTime(date, locale);
  const relative = relativeTime(iso, locale);
  return (
    <Tooltip title={full}>
      {inline ? (
        <Typography variant="body2" color="text.secondary" component="span">
          {translate('LISTS.Since', { date: day })} · {relative}
        </Typography>
      ) : (
        <Box component="span" sx={{ display: 'block' }}>
          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
            {day}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span">
            {relative}
          </Typography>
        </Box>
      )}
    </Tooltip>
  );
}
