import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SheetReference } from '../../../domain/questionnaire';

/** A delete refused while conditions depend on the item: lists them and offers to remove them with it. */
export function DeleteRefusedDialog({ refused, onClose, onRemoveAll }: { refused: { dependents: SheetReference[] } | null; onClose: () => void; onRemoveAll: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={!!refused} onClose={onClose} data-testid="delete-refused">
      <DialogTitle>{translate('SHEET_BUILDER.DeleteRefusedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('SHEET_BUILDER.DeleteRefused', { smart_count: refused?.dependents.length ?? 0 })}</DialogContentText>
        <List dense>
          {refused?.dependents.map((reference) => (
            <ListItem key={`${reference.sheet}${reference.pointer.join('/')}`}>
              <ListItemText primary={reference.from} secondary={reference.sheet} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="delete-refused-keep">
          {translate('SHEET_BUILDER.KeepControl')}
        </Button>
        <Button color="error" onClick={onRemoveAll} data-testid="delete-refused-remove">
          {translate('SHEET_BUILDER.RemoveWithConditions')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
