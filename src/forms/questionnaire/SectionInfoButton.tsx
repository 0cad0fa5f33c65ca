import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Spec §2 Other: the info popup is at most 640 px wide. */
export const INFO_POPUP_MAX_WIDTH = 640;

/** The (i) button of a section (`x-popup`): opens the section's explanation in a dialog. */
export function SectionInfoButton({ title, text }: { title: string; text: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const label = translate('QUESTIONNAIRE.Form.MoreInfo');
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" color="primary" onClick={() => setOpen(true)} aria-label={`${label}: ${title}`} data-testid="section-info">
          <InfoOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: INFO_POPUP_MAX_WIDTH } } }} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="section-info-text">
            {text}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} variant="contained" autoFocus>
            {translate('COMMON.Ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
