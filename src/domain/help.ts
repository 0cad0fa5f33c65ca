/**
 * The help pages (spec: home/app/help/{topic}): the one list of topics, the part of the portal each explains,
 * which task help dialogs and tasks lead to it, and how many numbered texts each section holds (the texts
 * themselves are the translation keys `HELP.Topics.{topic}.{section}.{n}`).
 */
import { PROJECT_FILE_EXTENSIONS, PROJECT_FILE_MAX_BYTES, PROJECT_UPLOAD_MAX_BYTES, PROJECT_UPLOAD_MAX_FILES } from './projectFiles';
import { PALLETS_SMALL_A, PALLETS_SMALL_B } from './orders';
import { MAX_SUBPROJECT_VOLUME } from './structure';
import { AAC_LENGTH_STEP_MM } from './catalogue';

export { HELP_PATH, HELP_TOPIC_ROUTE, HELP_TOPICS, helpPath, type HelpTopic } from './helpTopics';
import { HELP_TOPICS, type HelpTopic } from './helpTopics';

/** The sections of a topic page, in reading order: what you see, what to do, what happens next, good to know. */
export const HELP_SECTIONS = ['See', 'Do', 'Next', 'Tips'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** The part of the portal a topic explains. */
export type HelpPlace = 'project-files' | 'structure-page' | 'drawing-review' | 'approval-lot' | 'order-table' | 'delivery-overview';

export interface HelpTopicInfo {
  id: HelpTopic;
  place: HelpPlace;
  /** Task keys of the workflow whose work the topic explains (the task-info dialog links to it). */
  taskKeys: readonly string[];
  /** How many numbered texts each section has; "Do" is a numbered list of steps. */
  counts: Record<HelpSection, number>;
  /** Offers the reviewer manual (PDF, German unless the language is Dutch). */
  manual: boolean;
}

export const HELP_TOPIC_INFO: Record<HelpTopic, HelpTopicInfo> = {
  upload: { id: 'upload', place: 'project-files', taskKeys: ['ProvideFiles'], counts: { See: 2, Do: 5, Next: 2, Tips: 3 }, manual: false },
  structuring: { id: 'structuring', place: 'structure-page', taskKeys: ['Structuring'], counts: { See: 2, Do: 6, Next: 2, Tips: 3 }, manual: false },
  'review-drawings': {
    id: 'review-drawings',
    place: 'drawing-review',
    taskKeys: ['ReviewDrawings', 'Finalized'],
    counts: { See: 2, Do: 4, Next: 3, Tips: 2 },
    manual: true,
  },
  preparing: { id: 'preparing', place: 'approval-lot', taskKeys: ['Preparing', 'ReviseDrawings', 'DrawingJob', 'CheckData'], counts: { See: 2, Do: 4, Next: 2, Tips: 2 }, manual: false },
  ordering: { id: 'ordering', place: 'order-table', taskKeys: ['PlaceOrder'], counts: { See: 2, Do: 5, Next: 2, Tips: 2 }, manual: false },
  delivery: { id: 'delivery', place: 'delivery-overview', taskKeys: [], counts: { See: 3, Do: 4, Next: 2, Tips: 2 }, manual: false },
};

export function isHelpTopic(value: unknown): value is HelpTopic {
  return typeof value === 'string' && (HELP_TOPICS as readonly string[]).includes(value);
}


/** A task panel's help dialog (`task.help` of the workflow definition) → its help page; unknown → none. */
export function helpTopicOfTaskHelp(help: string | null | undefined): HelpTopic | null {
  return isHelpTopic(help) ? help : null;
}

/** A task key → the help page that explains its work; keys without one (and unknown keys) → none. */
export function helpTopicOfTask(taskKey: string | null | undefined): HelpTopic | null {
  if (!taskKey) return null;
  return HELP_TOPICS.find((topic) => HELP_TOPIC_INFO[topic].taskKeys.includes(taskKey)) ?? null;
}

/** The translation keys of one section, in order: HELP.Topics.{topic}.{section}.1 … n. */
export function helpSectionKeys(topic: HelpTopic, section: HelpSection): string[] {
  return Array.from({ length: HELP_TOPIC_INFO[topic].counts[section] }, (_, index) => `HELP.Topics.${topic}.${section}.${index + 1}`);
}

export const helpTopicKey = (topic: HelpTopic, part: 'Title' | 'Summary' | 'Intro') => `HELP.Topics.${topic}.${part}`;

/**
 * The numbers the texts quote, taken from the rules the portal enforces (so a changed limit changes the help
 * too). Sizes stay in bytes: the page formats them in the reader's language.
 */
export const HELP_FACTS = {
  maxFileBytes: PROJECT_FILE_MAX_BYTES,
  maxUploadBytes: PROJECT_UPLOAD_MAX_BYTES,
  maxFiles: PROJECT_UPLOAD_MAX_FILES,
  fileTypes: PROJECT_FILE_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', '),
  maxVolume: MAX_SUBPROJECT_VOLUME,
  palletsMin: PALLETS_SMALL_A,
  palletsMax: Math.floor(PALLETS_SMALL_B),
  lengthStep: AAC_LENGTH_STEP_MM,
} as const;
