import EastIcon from '@mui/icons-material/East';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { HELP_TOPIC_INFO, helpSectionKeys, helpTopicKey, type HelpSection, type HelpTopic } from '../../domain/help';
import { HelpTopicBadge } from './helpIcons';
import { useHelpParams } from './useHelpParams';

const SECTION_ICONS: Record<HelpSection, ReactElement> = {
  See: <VisibilityOutlinedIcon />,
  Do: <PlaylistAddCheckIcon />,
  Next: <EastIcon />,
  Tips: <LightbulbOutlinedIcon />,
};

function Section({ section, children }: { section: HelpSection; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 4 }} data-section={section}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5, color: 'primary.main' }}>
        {SECTION_ICONS[section]}
        <Typography variant="h6" component="h2" sx={{ color: 'text.primary', fontWeight: 700 }}>
          {translate(`HELP.Sections.${section}`)}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}

function Paragraphs({ texts }: { texts: string[] }) {
  return (
    <Stack spacing={1.5}>
      {texts.map((text) => (
        <Typography key={text} sx={{ lineHeight: 1.7 }}>
          {text}
        </Typography>
      ))}
    </Stack>
  );
}

/** The steps as a numbered list with round numbers joined by a line. */
function Steps({ texts }: { texts: string[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="help-steps">
      {texts.map((text, index) => (
        <Box component="li" key={text} sx={{ display: 'flex', gap: 2, position: 'relative', pb: index < texts.length - 1 ? 2.5 : 0 }}>
          {index < texts.length - 1 && <Box aria-hidden sx={{ position: 'absolute', left: 15, top: 34, bottom: 4, width: 2, bgcolor: 'divider' }} />}
          <Box
            aria-hidden
            sx={{ width: 32, height: 32, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700, fontSize: 14 }}
          >
            {index + 1}
          </Box>
          <Typography sx={{ pt: 0.5, lineHeight: 1.7 }}>{text}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function Tips({ texts }: { texts: string[] }) {
  return (
    <Box sx={{ p: 2.5, borderRadius: 2, bgcolor: 'rgba(237, 108, 2, 0.06)', border: 1, borderColor: 'rgba(237, 108, 2, 0.25)' }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 1 } }}>
        {texts.map((text) => (
          <Typography component="li" key={text} sx={{ lineHeight: 1.7 }}>
            {text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** One guide: title, introduction, what you see, the steps, what happens next and good to know. */
export function HelpTopicArticle({ topic }: { topic: HelpTopic }) {
  const translate = useTranslate();
  const params = useHelpParams();
  const texts = (section: HelpSection) => helpSectionKeys(topic, section).map((key) => translate(key, params));
  return (
    <Card component="article" data-testid="help-article" data-topic={topic}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 }, '&:last-child': { pb: { xs: 3, md: 5 } } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <HelpTopicBadge topic={topic} size={56} />
          <Box>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6, display: 'block' }}>
              {translate(`HELP.Places.${HELP_TOPIC_INFO[topic].place}`)}
            </Typography>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2rem' } }}>
              {translate(helpTopicKey(topic, 'Title'))}
            </Typography>
          </Box>
        </Stack>
        <Typography sx={{ mt: 2.5, fontSize: '1.1rem', lineHeight: 1.7, color: 'text.secondary' }} data-testid="help-intro">
          {translate(helpTopicKey(topic, 'Intro'), params)}
        </Typography>
        <Divider sx={{ mt: 3 }} />
        <Section section="See">
          <Paragraphs texts={texts('See')} />
        </Section>
        <Section section="Do">
          <Steps texts={texts('Do')} />
        </Section>
        <Section section="Next">
          <Paragraphs texts={texts('Next')} />
        </Section>
        <Section section="Tips">
          <Tips texts={texts('Tips')} />
        </Section>
      </CardContent>
    </Card>
  );
}
