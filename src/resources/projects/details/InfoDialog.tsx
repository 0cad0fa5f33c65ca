import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An information dialog (duplicate not allowed, creation or deletion not allowed …). */
export function InfoDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="info-dialog-title">
      <DialogTitle id="info-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Typography>{message}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {translate('COMMON.Ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
