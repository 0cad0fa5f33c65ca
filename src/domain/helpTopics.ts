// The help centre's topics and paths, for the app bar's help menu at start; the topics' content is in help.ts.
export const HELP_TOPICS = ['upload', 'structuring', 'review-drawings', 'preparing', 'ordering', 'delivery'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** Route of the help centre inside the app (react-admin `basename` /home/app). */
export const HELP_PATH = '/help';
export const HELP_TOPIC_ROUTE = '/help/:topic';

/** The full address of a topic page, or of the topic list without a topic. */
export function helpPath(topic?: HelpTopic): string {
  return topic ? `/home/app${HELP_PATH}/${topic}` : `/home/app${HELP_PATH}`;
}

/** Router state a help link carries: the page it was followed from (a typed address has none). */
export interface HelpLocationState {
  helpFrom?: string;
}
