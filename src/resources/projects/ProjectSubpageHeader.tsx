import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface SubpageBackLink {
  to: string;
  label: string;
  testId?: string;
}

/**
 * The head of a page below a project (structure, information sheet, journal, delivery overview, planning): a link
 * back, the page's icon and title, and what the page puts under the title (subtitle, breadcrumb).
 */
export function ProjectSubpageHeader({ back, icon, title, titleTestId, children }: { back?: SubpageBackLink | null; icon: ReactNode; title: string; titleTestId?: string; children?: ReactNode }) {
  return (
    <>
      {back && (
        <Box sx={{ mb: 1 }}>
          <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} data-testid={back.testId}>
            {back.label}
          </Button>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        {icon}
        <Typography variant="h5" component="h1" data-testid={titleTestId}>
          {title}
        </Typography>
      </Stack>
      {children}
    </>
  );
}
