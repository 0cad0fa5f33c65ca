import { Card, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HELP_TOPICS, helpPath, helpTopicKey, type HelpTopic } from '../../domain/help';
import { helpTopicIcon } from './helpIcons';

/** The side list of every topic; the open one is marked. Keeps the router state, so "back" still leads back. */
export function HelpTopicNav({ current }: { current: HelpTopic }) {
  const translate = useTranslate();
  const location = useLocation();
  return (
    <Card component="nav" aria-label={translate('HELP.Center.Topics')} data-testid="help-topic-nav">
      <List
        dense
        subheader={
          <ListSubheader sx={{ bgcolor: 'transparent', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.6, fontSize: 12, lineHeight: '40px' }}>
            {translate('HELP.Center.Topics')}
          </ListSubheader>
        }
      >
        {HELP_TOPICS.map((topic) => (
          <ListItem key={topic} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={helpPath(topic)}
              state={location.state}
              selected={topic === current}
              aria-current={topic === current ? 'page' : undefined}
              sx={{ mx: 1, borderRadius: 1, '&.Mui-selected': { color: 'primary.main', fontWeight: 600 } }}
            >
              <ListItemIcon sx={{ minWidth: 36, color: topic === current ? 'primary.main' : 'text.secondary' }}>{helpTopicIcon(topic)}</ListItemIcon>
              <ListItemText primary={translate(helpTopicKey(topic, 'Title'))} slotProps={{ primary: { sx: { fontWeight: topic === current ? 600 : 400 } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
