import EastIcon from '@mui/icons-material/East';
import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import { Alert, AlertTitle, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HELP_TOPIC_INFO, HELP_TOPICS, helpPath, helpTopicKey, type HelpTopic } from '../../domain/help';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { HelpTopicBadge } from './helpIcons';
import { ReviewerManualCard } from './ReviewerManualCard';

function TopicCard({ topic }: { topic: HelpTopic }) {
  const translate = useTranslate();
  const location = useLocation();
  return (
    <Card data-testid="help-topic-card" data-topic={topic} sx={{ transition: 'border-color 120ms, box-shadow 120ms', '&:hover': { borderColor: 'primary.light', boxShadow: 2 } }}>
      <CardActionArea component={RouterLink} to={helpPath(topic)} state={location.state} sx={{ height: '100%', display: 'flex', alignItems: 'stretch' }}>
        <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%' }}>
          <HelpTopicBadge topic={topic} />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {translate(helpTopicKey(topic, 'Title'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, lineHeight: 1.6 }}>
            {translate(helpTopicKey(topic, 'Summary'))}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary">
              {translate('HELP.Center.StepCount', { smart_count: HELP_TOPIC_INFO[topic].counts.Do })}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'primary.main' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate('HELP.Center.Read')}
              </Typography>
              <EastIcon fontSize="small" />
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** home/app/help (and any unknown topic): every guide as a card, and the reviewer manual. */
export function HelpTopicList({ unknownTopic }: { unknownTopic: string | null }) {
  const translate = useTranslate();
  useDocumentTitle(translate('HELP.Center.Title'));
  return (
    <Box sx={{ mt: 1, mb: 4, maxWidth: 1180 }} data-testid="help-topic-list">
      <Title title="HELP.Center.Title" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, mb: 3 }}>
        <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 44 } }} aria-hidden>
          <HelpCenterOutlinedIcon />
        </Box>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2rem' } }}>
            {translate('HELP.Center.Title')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
            {translate('HELP.Center.Subtitle')}
          </Typography>
        </Box>
      </Stack>
      {unknownTopic !== null && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="help-unknown-topic">
          <AlertTitle>{translate('HELP.Center.UnknownTitle')}</AlertTitle>
          {translate('HELP.Center.Unknown', { topic: unknownTopic })}
        </Alert>
      )}
      <Box component="section" aria-label={translate('HELP.Center.Topics')} sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        {HELP_TOPICS.map((topic) => (
          <TopicCard key={topic} topic={topic} />
        ))}
      </Box>
      <Box sx={{ mt: 3 }}>
        <ReviewerManualCard wide />
      </Box>
    </Box>
  );
}
