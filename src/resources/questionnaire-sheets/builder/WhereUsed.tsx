import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import type { SheetReference } from '../../../domain/questionnaire';

/** The conditions (in this sheet and in other sheets) that depend on the selected control. */
export const WhereUsed = memo(function WhereUsed({ dependents }: { dependents: SheetReference[] }) {
  const translate = useTranslate();
  return (
    <div data-testid="where-used">
      <Typography variant="subtitle2" component="h3">
        {translate('SHEET_BUILDER.WhereUsed')}
      </Typography>
      {dependents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('SHEET_BUILDER.NotUsed')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {dependents.map((reference) => (
            <ListItem key={`${reference.sheet}${reference.pointer.join('/')}`} disableGutters>
              <ListItemText primary={reference.from} secondary={translate(reference.from === reference.sheet ? 'SHEET_BUILDER.UsedBySheet' : 'SHEET_BUILDER.UsedByControl', { sheet: reference.sheet })} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
    </div>
  );
});
