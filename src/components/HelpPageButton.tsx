import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import { Button, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { helpPath, type HelpLocationState, type HelpTopic } from '../domain/helpTopics';

/** The router state of a help link: the page it is followed from, so the help page can lead back. */
export function useHelpLinkState(): HelpLocationState {
  const location = useLocation();
  return { helpFrom: `${location.pathname}${location.search}` };
}

/**
 * "Open help page" (a topic) or "Help topics" (the list): used by the help dialogs and help cards, so every help
 * link of the app leads to a page of the help centre.
 */
export function HelpPageButton({ topic, variant = 'text', size }: { topic?: HelpTopic | null; variant?: ButtonProps['variant']; size?: ButtonProps['size'] }) {
  const translate = useTranslate();
  const state = useHelpLinkState();
  return (
    <Button
      component={RouterLink}
      to={helpPath(topic ?? undefined)}
      state={state}
      variant={variant}
      size={size}
      startIcon={<HelpCenterOutlinedIcon />}
      data-testid="help-page-link"
      data-topic={topic ?? ''}
    >
      {translate(topic ? 'HELP.OpenPage' : 'HELP.Center.Menu')}
    </Button>
  );
}
