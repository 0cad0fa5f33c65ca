import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { sheetTitle, type SheetVersion } from '../../../domain/questionnaire';

interface QuestionnaireTabsProps {
  sheets: SheetVersion[];
  current: string;
  /** Per sheet name: false when the sheet breaks a rule (its tab shows "required fields missing"). */
  validity: Record<string, boolean>;
  language: string;
  onSelect: (name: string) => void;
}

function TabLabel({ title, invalid }: { title: string; invalid: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left' }}>
      <span>{title}</span>
      {invalid && (
        <Typography component="span" variant="caption" color="warning.dark" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, textTransform: 'none' }} data-testid="tab-warning">
          <WarningAmberIcon sx={{ fontSize: 16 }} />
          {translate('QUESTIONNAIRE.Page.RequiredFieldsMissing')}
        </Typography>
      )}
    </Box>
  );
}

/** One tab per active sheet, in set order; a sheet with problems carries the warning in its label. */
function QuestionnaireTabsView({ sheets, current, validity, language, onSelect }: QuestionnaireTabsProps) {
  return (
    <Tabs value={current} onChange={(_event, name: string) => onSelect(name)} variant="scrollable" scrollButtons="auto" aria-label="questionnaire sheets" sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 56, alignItems: 'flex-start' } }}>
      {sheets.map((sheet) => {
        const invalid = validity[sheet.name] === false;
        return <Tab key={sheet.name} value={sheet.name} label={<TabLabel title={sheetTitle(sheet.schema, language)} invalid={invalid} />} data-testid={`questionnaire-tab-${sheet.name}`} data-invalid={invalid ? 'true' : 'false'} />;
      })}
    </Tabs>
  );
}

export const QuestionnaireTabs = memo(QuestionnaireTabsView);
