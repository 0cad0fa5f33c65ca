import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DesignServicesOutlinedIcon from '@mui/icons-material/DesignServicesOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import type { HelpTopic } from '../../domain/help';

const ICONS: Record<HelpTopic, ReactElement> = {
  upload: <CloudUploadOutlinedIcon />,
  structuring: <AccountTreeOutlinedIcon />,
  'review-drawings': <RateReviewOutlinedIcon />,
  preparing: <DesignServicesOutlinedIcon />,
  ordering: <ShoppingCartOutlinedIcon />,
  delivery: <LocalShippingOutlinedIcon />,
};

export const helpTopicIcon = (topic: HelpTopic) => ICONS[topic];

/** The topic's icon on a soft round badge (cards and the article's header). */
export function HelpTopicBadge({ topic, size = 48 }: { topic: HelpTopic; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: 'rgba(31, 58, 95, 0.08)',
        color: 'primary.main',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        '& svg': { fontSize: size * 0.5 },
      }}
    >
      {ICONS[topic]}
    </Box>
  );
}
