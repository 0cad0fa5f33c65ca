import { Box, Typography } from '@mui/material';
import { DateTimeInput, SelectArrayInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { BANNER_LEVELS, BANNER_TEXT_MAX, BANNER_TITLE_MAX } from '../../domain/banner';
import { useBannerSalesOrgs } from './useBannerSalesOrgs';

/** datetime-local shows local time; the API stores ISO date-times in UTC. */
const toIso = (value: string | Date | null) => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** The fields of the banner dialog, shared by Add and Edit. */
export function BannerNotificationInputs() {
  const translate = useTranslate();
  const { data: salesOrgs, isPending } = useBannerSalesOrgs();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <TextInput source="title" isRequired fullWidth sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: BANNER_TITLE_MAX } }} />
      <TextInput
        source="text"
        isRequired
        multiline
        minRows={3}
        fullWidth
        sx={{ gridColumn: '1 / -1' }}
        placeholder={translate('BANNER.TextPlaceholder')}
        helperText="BANNER.TextHint"
        slotProps={{ htmlInput: { maxLength: BANNER_TEXT_MAX } }}
      />
      <SelectInput
        source="level"
        isRequired
        choices={BANNER_LEVELS.map((level) => ({ id: level, name: `BANNER.Level.${level}` }))}
        fullWidth
      />
      <SelectArrayInput
        source="salesOrgs"
        isRequired
        choices={(salesOrgs ?? []).map((org) => ({ id: org.id, name: `${org.salesOrgKey} – ${org.title}` }))}
        translateChoice={false}
        isPending={isPending}
        fullWidth
      />
      <DateTimeInput source="showFrom" isRequired parse={toIso} fullWidth />
      <DateTimeInput source="showUntil" isRequired parse={toIso} fullWidth />
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
        {translate('BANNER.TimesUtc')}
      </Typography>
    </Box>
  );
}
