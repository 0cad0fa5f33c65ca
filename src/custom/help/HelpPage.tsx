import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { isHelpTopic } from '../../domain/help';
import { HelpTopicList } from './HelpTopicList';
import { HelpTopicPage } from './HelpTopicPage';

/** home/app/help/{topic}: a known topic shows its guide; no topic or an unknown one shows the topic list. */
export default function HelpPage() {
  const { topic } = useParams();
  // Every help page starts at its top, also when it is opened from the foot of a long page or the side list.
  useEffect(() => {
    // Braces: newer browsers answer scrollTo with a promise, which an effect must not return.
    window.scrollTo({ top: 0 });
  }, [topic]);
  if (isHelpTopic(topic)) return <HelpTopicPage topic={topic} />;
  return <HelpTopicList unknownTopic={topic ?? null} />;
}
