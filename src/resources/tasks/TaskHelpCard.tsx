import MenuBookIcon from '@mui/icons-material/MenuBook';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { manualUrl } from '../../domain/languages';
import { HelpPageButton } from '../../components/HelpPageButton';

/** How to work with the list, the help topics, and the reviewer manual in the current language (German unless Dutch). */
export function TaskHelpCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card data-testid="task-help">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }} aria-hidden>
            <MenuBookIcon />
          </Box>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {translate('TASKS.Help.Title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('TASKS.Help.Text')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            <HelpPageButton variant="outlined" />
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={manualUrl(locale)} target="_blank" rel="noopener">
              {translate('TASKS.Help.Download')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
