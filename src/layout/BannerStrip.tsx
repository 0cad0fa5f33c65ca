import { Alert, Box, Button, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BannerNotification } from '../domain/banner';
import { BANNER_LEVEL_COLORS } from '../domain/bannerLevels';
import { usePortalDataProvider } from '../providers/dataProvider';

const ACTIVE_BANNERS = ['active-banners'];
/** Longer texts start as one line with "More"; a banner must not push the page below the fold. */
const SHORT_TEXT = 90;

function Banner({ banner, onClose }: { banner: BannerNotification; onClose: () => void }) {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  const long = banner.title.length + banner.text.length > SHORT_TEXT;
  const colors = BANNER_LEVEL_COLORS[banner.level];
  return (
    <Alert
      variant="filled"
      icon={false}
      role="status"
      data-level={banner.level}
      onClose={onClose}
      slotProps={{ closeButton: { title: translate('BANNER.Dismiss'), 'aria-label': translate('BANNER.Dismiss') } }}
      sx={{ bgcolor: colors.background, color: colors.text, py: 0, alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, py: 0.75 } }}
    >
      <Box
        sx={expanded || !long ? undefined : { display: '-webkit-box', WebkitLineClamp: 1, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        data-testid="banner-text"
      >
        <Box component="strong" sx={{ mr: 1 }}>
          {banner.title}
        </Box>
        {banner.text}
      </Box>
      {long && (
        <Button size="small" color="inherit" onClick={() => setExpanded(!expanded)} aria-expanded={expanded} sx={{ p: 0, minWidth: 0, textDecoration: 'underline', textTransform: 'none' }}>
          {translate(expanded ? 'BANNER.Less' : 'BANNER.More')}
        </Button>
      )}
    </Alert>
  );
}

/**
 * The banners active now for the user's sales organisations, one compact line each. Closing one is remembered on the
 * server for this user (every page, every device) until an administrator changes the banner.
 */
export function BannerStrip() {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ACTIVE_BANNERS,
    queryFn: () => dataProvider.getActiveBanners(),
    refetchInterval: 5 * 60 * 1000,
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => dataProvider.dismissBanner(id),
    onMutate: (id: number) => queryClient.setQueryData<BannerNotification[]>(ACTIVE_BANNERS, (banners) => banners?.filter((banner) => banner.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVE_BANNERS }),
  });
  if (!data?.length) return null;
  return (
    <Stack spacing={0.5} sx={{ mb: 1 }} data-testid="banner-strip">
      {data.map((banner) => (
        <Banner key={banner.id} banner={banner} onClose={() => dismiss.mutate(banner.id)} />
      ))}
    </Stack>
  );
}
