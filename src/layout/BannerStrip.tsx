import { Alert, AlertTitle, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BANNER_LEVEL_COLORS } from '../domain/bannerLevels';
import { usePortalDataProvider } from '../providers/dataProvider';

const DISMISSED_KEY = 'planxchange.dismissedBanners';

function dismissedIds(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
}

/** The banners active now for the user's sales organisations; dismissible for the browser session. */
export function BannerStrip() {
  const translate = useTranslate();
  const [dismissed, setDismissed] = useState<number[]>(dismissedIds);
  const dataProvider = usePortalDataProvider();
  const { data } = useQuery({
    queryKey: ['active-banners'],
    queryFn: () => dataProvider.getActiveBanners(),
    refetchInterval: 5 * 60 * 1000,
  });
  const visible = (data ?? []).filter((banner) => !dismissed.includes(banner.id));
  if (!visible.length) return null;
  const dismiss = (id: number) => {
    const next = [...dismissed, id];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="banner-strip">
      {visible.map((banner) => (
        <Alert
          key={banner.id}
          variant="filled"
          icon={false}
          role="status"
          data-level={banner.level}
          onClose={() => dismiss(banner.id)}
          slotProps={{ closeButton: { title: translate('BANNER.Dismiss'), 'aria-label': translate('BANNER.Dismiss') } }}
          sx={{ bgcolor: BANNER_LEVEL_COLORS[banner.level].background, color: BANNER_LEVEL_COLORS[banner.level].text }}
        >
          <AlertTitle sx={{ mb: 0.25 }}>{banner.title}</AlertTitle>
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
