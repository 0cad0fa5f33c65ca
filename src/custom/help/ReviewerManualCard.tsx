import MenuBookIcon from '@mui/icons-material/MenuBook';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { manualLanguage, manualUrl } from '../../domain/languages';

/** The reviewer manual: German unless the interface is Dutch (the rule of `manualUrl`). */
export function ReviewerManualCard({ wide = false }: { wide?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = translate(`HELP.ManualCard.Language.${manualLanguage(locale)}`);
  return (
    <Card data-testid="help-manual" sx={{ bgcolor: 'rgba(47, 111, 94, 0.05)', borderColor: 'rgba(47, 111, 94, 0.25)' }}>
      <CardContent sx={{ p: 2.5 }}>
        <Stack direction={wide ? { xs: 'column', sm: 'row' } : 'column'} spacing={2} sx={{ alignItems: wide ? { sm: 'center' } : 'flex-start' }}>
          <Box sx={{ color: 'secondary.main', display: 'flex', '& svg': { fontSize: 36 } }} aria-hidden>
            <MenuBookIcon />
          </Box>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {translate('HELP.ManualCard.Title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('HELP.ManualCard.Text', { language })}
            </Typography>
          </Box>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<PictureAsPdfIcon />}
            href={manualUrl(locale)}
            target="_blank"
            rel="noopener"
            data-testid="help-manual-link"
            fullWidth={!wide}
            sx={{ flexShrink: 0, whiteSpace: wide ? { sm: 'nowrap' } : 'normal' }}
          >
            {translate('HELP.ManualCard.Download')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
