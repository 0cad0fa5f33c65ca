import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A friendly "nothing here" card: a round icon, a title and a sentence (lists and the news page). */
export function EmptyState({ icon, title, text, action, testId }: { icon: ReactNode; title: string; text: string; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ py: 6, px: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'primary.main',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            '& svg': { fontSize: 36 },
          }}
          aria-hidden
        >
          {icon}
        </Box>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {text}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
}
