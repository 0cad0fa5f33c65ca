import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const root = join(__dirname, '../..');
const load = (language: string) => JSON.parse(readFileSync(join(root, 'i18n', `${language}.json`), 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));

const languages = ['de', 'en', 'nl'];
const keys = Object.fromEntries(languages.map((language) => [language, new Set(flatten(load(language)))]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

const NAMESPACES = ['APP', 'MENU', 'TOPBAR', 'HELP', 'BANNER', 'DASHBOARD', 'PROFILE', 'LANGUAGES', 'VALIDATION', 'ERRORMESSAGES', 'COMMON', 'MAIL', 'PROJECTS', 'PROJECTUNIT', 'SITE', 'STATES', 'MEMBERS', 'FILES', 'SEARCH', 'OUTBOX', 'FEATURES', 'ADMIN', 'CATALOGUE', 'PRELIMINARY', 'USERS', 'LISTS', 'NEWS', 'JOURNAL', 'TASKS', 'WORKFLOWS', 'WORKFLOW', 'IFC', 'VIEWER', 'STRUCTURE', 'DELIVERY', 'ORDERS', 'QUESTIONNAIRE_SHEETS', 'QUESTIONNAIRE', 'QuestionnaireMaterials', 'MandatoryFieldsLeftDialog', 'PLANNING', 'SIGNIN', 'DEMOIDP', 'NEXTSTEPS'];
const keyPattern = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]*?)(\\$\\{[^}]+\\})?['"\`]`, 'g');

/** The German glossary: one word per business term (docs/decisions.md, "One German glossary"); the variant on the left never appears. */
const GERMAN_GLOSSARY: Record<string, string> = {
  Verkaufsorganisation: 'Vertriebsorganisation',
};

const values = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));

describe('translations', () => {
  it('German uses one word per term (the glossary)', () => {
    const german = values(load('de'));
    for (const [variant, term] of Object.entries(GERMAN_GLOSSARY)) {
      expect(german.filter((text) => text.includes(variant)), `say "${term}", not "${variant}"`).toEqual([]);
      expect(german.some((text) => text.includes(term))).toBe(true);
    }
  });

  it('de, en and nl hold the same keys', () => {
    expect([...keys.de].filter((key) => !keys.en.has(key))).toEqual([]);
    expect([...keys.nl].filter((key) => !keys.en.has(key))).toEqual([]);
    expect([...keys.en].filter((key) => !keys.de.has(key))).toEqual([]);
    expect([...keys.en].filter((key) => !keys.nl.has(key))).toEqual([]);
  });

  it('every value is a non-empty string and keeps the English placeholders', () => {
    const en = load('en');
    for (const language of languages) {
      const tree = load(language);
      for (const key of keys.en) {
        const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree) as string;
        expect(typeof value === 'string' && value.length > 0, `${language}:${key}`).toBe(true);
        const english = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], en) as string;
        for (const placeholder of english.match(/%\{\w+\}/g) ?? []) expect(value, `${language}:${key}`).toContain(placeholder);
      }
    }
  });

  it('every key the code uses exists', () => {
    const missing: string[] = [];
    for (const file of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'server'))]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(keyPattern)) {
        const [, key, dynamic] = match;
        if (dynamic) {
          // `BANNER.Level.${level}`: the prefix must be a group of keys.
          if (![...keys.en].some((known) => known.startsWith(key))) missing.push(`${file}: ${key}*`);
        } else if (!key.endsWith('.') && !keys.en.has(key)) {
          missing.push(`${file}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the resource labels of react-admin exist', () => {
    for (const field of ['name', 'fields.title', 'fields.level', 'fields.showFrom', 'fields.showUntil', 'fields.salesOrgs', 'fields.text']) {
      expect(keys.en.has(`resources.admin/banner-notifications.${field}`)).toBe(true);
    }
  });

  it('the manuals exist as real PDFs (de and nl)', () => {
    for (const language of ['de', 'nl']) {
      const pdf = readFileSync(join(root, 'public', 'manuals', `manual_for_reviewer_${language}.pdf`));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2000);
    }
  });
});
