import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EastIcon from '@mui/icons-material/East';
import { Card, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { HelpTopic } from '../../domain/help';
import { helpAppLinks, helpOrigin } from './helpLinks';

/** "In the portal": back to the page the reader came from and on to the pages the topic is about. */
export function HelpLinksCard({ topic }: { topic: HelpTopic }) {
  const translate = useTranslate();
  const location = useLocation();
  const links = helpAppLinks(topic, helpOrigin(location.state));
  return (
    <Card component="nav" aria-label={translate('HELP.Links.Title')} data-testid="help-app-links">
      <List
        dense
        subheader={
          <ListSubheader sx={{ bgcolor: 'transparent', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.6, fontSize: 12, lineHeight: '40px' }}>
            {translate('HELP.Links.Title')}
          </ListSubheader>
        }
      >
        {links.map((link) => (
          <ListItem key={link.id} disablePadding>
            <ListItemButton component={RouterLink} to={link.to} data-link={link.id} sx={{ mx: 1, borderRadius: 1 }}>
              <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }}>{link.id === 'back' ? <ArrowBackIcon fontSize="small" /> : <EastIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={translate(link.label)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
