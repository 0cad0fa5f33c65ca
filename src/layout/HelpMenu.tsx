import { useState, type MouseEvent } from 'react';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { helpPath } from '../domain/helpTopics';
import { useHelpLinkState } from '../components/HelpPageButton';
import { manualUrl } from '../domain/languages';

type InfoPage = 'imprint' | 'privacy' | null;

/** Help menu of the top bar: the help topics, imprint, privacy policy and the manual PDF in the current language. */
export function HelpMenu() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [page, setPage] = useState<InfoPage>(null);
  const helpState = useHelpLinkState();
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const show = (which: InfoPage) => {
    setAnchor(null);
    setPage(which);
  };
  return (
    <>
      <Tooltip title={translate('HELP.Menu')}>
        <IconButton color="inherit" onClick={open} aria-label={translate('HELP.Menu')} aria-haspopup="menu">
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={helpPath()} state={helpState} onClick={() => setAnchor(null)} data-testid="help-menu-topics">
          {translate('HELP.Center.Menu')}
        </MenuItem>
        <MenuItem onClick={() => show('imprint')}>{translate('HELP.Imprint')}</MenuItem>
        <MenuItem onClick={() => show('privacy')}>{translate('HELP.Privacy')}</MenuItem>
        <MenuItem component="a" href={manualUrl(locale)} target="_blank" rel="noopener" onClick={() => setAnchor(null)}>
          {translate('HELP.Manual')}
        </MenuItem>
      </Menu>
      <Dialog open={page !== null} onClose={() => setPage(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(page === 'privacy' ? 'HELP.Privacy' : 'HELP.Imprint')}</DialogTitle>
        <DialogContent>
          <Typography>{translate(page === 'privacy' ? 'HELP.PrivacyText' : 'HELP.ImprintText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPage(null)}>{translate('HELP.Close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
