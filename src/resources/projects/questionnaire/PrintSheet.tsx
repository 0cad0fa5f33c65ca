import { Box, Typography } from '@mui/material';
import type { PrintSection } from './printModel';

/** One sheet on the print page: its title, then per section the answers as a two-column label/value list. */
export function PrintSheet({ name, title, sections }: { name: string; title: string; sections: PrintSection[] }) {
  return (
    <Box component="section" sx={{ mb: 4, '@media print': { breakInside: 'auto' } }} data-testid="print-sheet" data-sheet={name}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, bgcolor: 'grey.100', px: 1.5, py: 0.75, borderRadius: 1, mb: 1.5, '@media print': { bgcolor: 'transparent', px: 0, borderBottom: 1, borderRadius: 0 } }}>
        {title}
      </Typography>
      {sections.map((section) => (
        <Box key={section.path} sx={{ mb: 2, pl: section.level > 1 ? 2 : 0, breakInside: 'avoid' }} data-testid="print-section">
          <Typography variant={section.level > 1 ? 'subtitle2' : 'subtitle1'} component={section.level > 1 ? 'h4' : 'h3'} sx={{ fontWeight: 600, mb: 0.5 }}>
            {section.title}
          </Typography>
          {section.rows.length > 0 && (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(180px, 38%) 1fr', columnGap: 2, m: 0 }}>
              {section.rows.map((row, index) => (
                <Box key={`${index}-${row.label}`} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                    {row.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, py: 0.5, borderBottom: 1, borderColor: 'divider', whiteSpace: 'pre-line' }}>
                    {row.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
