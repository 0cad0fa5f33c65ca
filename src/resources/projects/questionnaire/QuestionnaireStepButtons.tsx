import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Back and next under the sheet: to the previous and the following tab. */
export function QuestionnaireStepButtons({ canGoBack, canGoNext, onBack, onNext }: { canGoBack: boolean; canGoNext: boolean; onBack: () => void; onNext: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
      <Button variant="outlined" startIcon={<NavigateBeforeIcon />} onClick={onBack} disabled={!canGoBack} data-testid="questionnaire-back">
        {translate('QUESTIONNAIRE.Page.Back')}
      </Button>
      <Button variant="contained" color="secondary" endIcon={<NavigateNextIcon />} onClick={onNext} disabled={!canGoNext} data-testid="questionnaire-next">
        {translate('QUESTIONNAIRE.Page.Next')}
      </Button>
    </Stack>
  );
}
