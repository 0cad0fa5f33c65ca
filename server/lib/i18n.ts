import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../src/domain/languages.js';
import { appPath } from '../paths.js';

export const i18nDir = appPath('i18n');

type Tree = { [key: string]: string | Tree };
const cache = new Map<Language, Tree>();

function load(language: Language): Tree {
  let tree = cache.get(language);
  if (!tree) {
    tree = JSON.parse(readFileSync(resolve(i18nDir, `${language}.json`), 'utf8')) as Tree;
    cache.set(language, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Server-side translation of a message key, with polyglot-style %{name} parameters. */
export function translate(language: string, key: string, params: Record<string, unknown> = {}): string {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const template = lookup(load(lang), key) ?? lookup(load('en'), key) ?? key;
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `%{${name}}`));
}

export function preloadTranslations(): void {
  for (const language of LANGUAGES) load(language);
}
