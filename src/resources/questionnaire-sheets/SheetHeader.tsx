import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LatestMarker, SheetStatusChip, versionLabel } from './SheetFields';
import { sheetDiffPath, SHEETS_LIST_PATH, type SheetRecord } from './sheets';
import { formatDateTime } from '../../domain/format';

/** Name, version, state and history of the version being edited, with the page's actions on the right. */
export function SheetHeader({ record, actions }: { record: SheetRecord; actions: ReactNode }) {
  const translate = useTranslate();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const date = (value: string | null) => (value ? formatDateTime(value, locale) : '—');
  return (
    <>
      <Button component={RouterLink} to={`${basename}${SHEETS_LIST_PATH}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }} data-testid="back-to-sheets">
        {translate('QUESTIONNAIRE_SHEETS.BackToList')}
      </Button>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="sheet-header">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="h1" data-testid="sheet-heading">
                {record.title}
              </Typography>
              <SheetStatusChip status={record.status} />
              <LatestMarker latest={record.latest} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, color: 'text.primary' }}>
                {record.name} · {versionLabel(record.version)}
              </Box>
              {' · '}
              {translate('QUESTIONNAIRE_SHEETS.CreatedAt', { date: date(record.createdAt) })}
              {record.publishedAt && ` · ${translate('QUESTIONNAIRE_SHEETS.PublishedAtText', { date: date(record.publishedAt) })}`}
              {' · '}
              {translate('QUESTIONNAIRE_SHEETS.UsedByText', { smart_count: record.usedBy })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }}>
            {record.version > 1 && (
              <Button component={RouterLink} to={`${basename}${sheetDiffPath(record.name, record.version - 1, record.version)}`} startIcon={<CompareArrowsIcon />} data-testid="compare-versions">
                {translate('QUESTIONNAIRE_SHEETS.Compare')}
              </Button>
            )}
            {actions}
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
