import { Chip, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { BANNER_LEVEL_COLORS, type BannerNotification } from '../../domain/banner';
import { useBannerSalesOrgs } from './useBannerSalesOrgs';

export function LevelField() {
  const record = useRecordContext<BannerNotification>();
  const translate = useTranslate();
  if (!record) return null;
  const colors = BANNER_LEVEL_COLORS[record.level];
  return (
    <Chip
      size="small"
      label={translate(`BANNER.Level.${record.level}`)}
      sx={{ bgcolor: colors.background, color: colors.text, fontWeight: 600 }}
      data-level={record.level}
    />
  );
}

/** Sales organisations as chips with the key, the title as hover hint. */
export function SalesOrgChipsField() {
  const record = useRecordContext<BannerNotification>();
  const { data: salesOrgs } = useBannerSalesOrgs();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.salesOrgs.map((id) => {
        const org = salesOrgs?.find((candidate) => candidate.id === id);
        return (
          <Tooltip key={id} title={org?.title ?? ''}>
            <Chip size="small" variant="outlined" label={org?.salesOrgKey ?? `#${id}`} />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
