import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWorkflow, WORKFLOW_SCHEMA } from '../../../server/lib/workflow-definition';
import {
  HELP_FACTS,
  HELP_SECTIONS,
  HELP_TOPIC_INFO,
  HELP_TOPICS,
  helpPath,
  helpSectionKeys,
  helpTopicKey,
  helpTopicOfTask,
  helpTopicOfTaskHelp,
  isHelpTopic,
} from '../../../src/domain/help';
import { PROJECT_FILE_MAX_BYTES, PROJECT_UPLOAD_MAX_FILES } from '../../../src/domain/projectFiles';
import { TASK_KEYS } from '../../../src/domain/tasks';
import { TASK_HELP_TOPICS } from '../../../src/domain/workflow';

type Tree = { [key: string]: string | Tree };
const root = join(__dirname, '../../..');
const messages = Object.fromEntries(['en', 'de', 'nl'].map((language) => [language, JSON.parse(readFileSync(join(root, 'i18n', `${language}.json`), 'utf8')) as Tree]));
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

describe('help topics', () => {
  it('are the six topics of the issue, once each', () => {
    expect([...HELP_TOPICS]).toEqual(['upload', 'structuring', 'review-drawings', 'preparing', 'ordering', 'delivery']);
    expect(new Set(HELP_TOPICS).size).toBe(HELP_TOPICS.length);
    for (const topic of HELP_TOPICS) expect(HELP_TOPIC_INFO[topic].id).toBe(topic);
  });

  it('isHelpTopic knows exactly those', () => {
    expect(HELP_TOPICS.every(isHelpTopic)).toBe(true);
    for (const value of ['', 'Upload', 'help', 'review_drawings', undefined, null, 3, 'constructor', 'toString']) expect(isHelpTopic(value)).toBe(false);
  });

  it('builds the page addresses under home/app/help', () => {
    expect(helpPath('review-drawings')).toBe('/home/app/help/review-drawings');
    expect(helpPath()).toBe('/home/app/help');
  });

  it('every task help dialog of the definition leads to an existing topic', () => {
    for (const help of TASK_HELP_TOPICS) expect(helpTopicOfTaskHelp(help)).toBe(help);
    const schemaHelp = JSON.stringify(WORKFLOW_SCHEMA).match(/"help":\{"enum":\[([^\]]*)\]/);
    expect(schemaHelp, 'the workflow schema lists the help topics').not.toBeNull();
    for (const help of JSON.parse(`[${schemaHelp![1]}]`) as string[]) expect(isHelpTopic(help), help).toBe(true);
    const used = defaultWorkflow()
      .states.map((state) => state.task?.help)
      .filter((help): help is NonNullable<typeof help> => !!help);
    expect(new Set(used)).toEqual(new Set(TASK_HELP_TOPICS));
    for (const help of used) expect(isHelpTopic(helpTopicOfTaskHelp(help))).toBe(true);
    expect(helpTopicOfTaskHelp('unknown')).toBeNull();
    expect(helpTopicOfTaskHelp(undefined)).toBeNull();
  });

  it('maps the task keys to the guide that explains their work', () => {
    expect(helpTopicOfTask('Structuring')).toBe('structuring');
    expect(helpTopicOfTask('ProvideFiles')).toBe('upload');
    expect(helpTopicOfTask('ReviewDrawings')).toBe('review-drawings');
    expect(helpTopicOfTask('ReviseDrawings')).toBe('preparing');
    expect(helpTopicOfTask('PlaceOrder')).toBe('ordering');
    expect(helpTopicOfTask('PendingContract')).toBeNull();
    expect(helpTopicOfTask('SomethingNew')).toBeNull();
    expect(helpTopicOfTask(null)).toBeNull();
    const definitionTasks = new Set(defaultWorkflow().states.flatMap((state) => (state.task ? [state.task.taskKey] : [])));
    for (const topic of HELP_TOPICS) {
      for (const taskKey of HELP_TOPIC_INFO[topic].taskKeys) {
        expect((TASK_KEYS as readonly string[]).includes(taskKey), taskKey).toBe(true);
        expect(definitionTasks.has(taskKey), taskKey).toBe(true);
      }
    }
    // A task help dialog and the task's own key agree on the topic.
    for (const state of defaultWorkflow().states) {
      if (state.task?.help && helpTopicOfTask(state.task.taskKey)) expect(helpTopicOfTask(state.task.taskKey), state.key).toBe(state.task.help);
    }
  });

  it('every topic has its title, summary, introduction and exactly the counted texts in de, en and nl', () => {
    for (const [language, tree] of Object.entries(messages)) {
      for (const topic of HELP_TOPICS) {
        for (const part of ['Title', 'Summary', 'Intro'] as const) expect(typeof lookup(tree, helpTopicKey(topic, part)), `${language} ${topic} ${part}`).toBe('string');
        expect(typeof lookup(tree, `HELP.Places.${HELP_TOPIC_INFO[topic].place}`)).toBe('string');
        for (const section of HELP_SECTIONS) {
          const keys = helpSectionKeys(topic, section);
          expect(keys.length, `${topic} ${section}`).toBeGreaterThan(0);
          for (const key of keys) expect(typeof lookup(tree, key), `${language} ${key}`).toBe('string');
          const group = lookup(tree, `HELP.Topics.${topic}.${section}`) as Tree;
          expect(Object.keys(group).sort(), `${language} ${topic} ${section}: no text left out`).toEqual(keys.map((key) => key.split('.').pop()!).sort());
        }
      }
    }
  });

  it('German and Dutch texts are translations, not English copies', () => {
    for (const topic of HELP_TOPICS) {
      const keys = [helpTopicKey(topic, 'Intro'), ...HELP_SECTIONS.flatMap((section) => helpSectionKeys(topic, section))];
      for (const key of keys) {
        expect(lookup(messages.de, key), key).not.toBe(lookup(messages.en, key));
        expect(lookup(messages.nl, key), key).not.toBe(lookup(messages.en, key));
      }
    }
  });

  it('quotes the limits the portal enforces', () => {
    expect(HELP_FACTS.maxFileBytes).toBe(PROJECT_FILE_MAX_BYTES);
    expect(HELP_FACTS.maxFiles).toBe(PROJECT_UPLOAD_MAX_FILES);
    expect(HELP_FACTS.maxVolume).toBe(350);
    expect(HELP_FACTS.fileTypes).toContain('IFC');
    expect(HELP_FACTS.palletsMin).toBe(28);
    expect(HELP_FACTS.palletsMax).toBe(32);
    expect(lookup(messages.en, 'HELP.Topics.upload.Tips.1')).toContain('%{maxFileSize}');
    expect(lookup(messages.de, 'HELP.Topics.structuring.Do.3')).toContain('%{maxVolume}');
  });

  it('only review-drawings offers the reviewer manual', () => {
    expect(HELP_TOPICS.filter((topic) => HELP_TOPIC_INFO[topic].manual)).toEqual(['review-drawings']);
  });

  it('every help address written in the app names an existing topic', () => {
    const references: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/helpPath\(\s*['"`]([^'"`]+)['"`]/g)) references.push(match[1]);
      for (const match of text.matchAll(/\/home\/app\/help\/([a-z][\w-]*)/g)) references.push(match[1]);
      for (const match of text.matchAll(/<HelpPageButton[^>]*\btopic=["']([^"']+)["']/g)) references.push(match[1]);
    }
    for (const reference of references) expect(isHelpTopic(reference), reference).toBe(true);
  });
});
