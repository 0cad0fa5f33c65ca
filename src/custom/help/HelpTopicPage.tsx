import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { HELP_TOPIC_INFO, helpPath, helpTopicKey, type HelpTopic } from '../../domain/help';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { HelpLinksCard } from './HelpLinksCard';
import { HelpTopicArticle } from './HelpTopicArticle';
import { HelpTopicNav } from './HelpTopicNav';
import { ReviewerManualCard } from './ReviewerManualCard';

/** home/app/help/{topic}: the guide at a readable width, the topics and the ways into the portal beside it. */
export function HelpTopicPage({ topic }: { topic: HelpTopic }) {
  const translate = useTranslate();
  const title = translate(helpTopicKey(topic, 'Title'));
  useDocumentTitle(title);
  return (
    <Box sx={{ mt: 1, mb: 4 }}>
      <Title title={`${translate('HELP.Center.Title')} – ${title}`} />
      <Button component={RouterLink} to={helpPath()} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }} data-testid="help-all-topics">
        {translate('HELP.Center.AllTopics')}
      </Button>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 780px) 300px' }, alignItems: 'start' }}>
        <HelpTopicArticle topic={topic} />
        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
          {HELP_TOPIC_INFO[topic].manual && <ReviewerManualCard />}
          <HelpTopicNav current={topic} />
          <HelpLinksCard topic={topic} />
        </Stack>
      </Box>
    </Box>
  );
}
