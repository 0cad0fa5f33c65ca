import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../domain/languages';
import { splitMessage } from '../domain/messageArgs';

const LOCALE_STORAGE_KEY = 'planxchange.locale';
const loaded = new Map<Language, TranslationMessages>();

type Tree = Record<string, unknown>;
function deepMerge(base: Tree, override: Tree): Tree {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const existing = result[key];
    result[key] =
      value && typeof value === 'object' && existing && typeof existing === 'object'
        ? deepMerge(existing as Tree, value as Tree)
        : value;
  }
  return result;
}

/** The labels the workflow definition in force holds (they override the files' STATES/actions/tasks); none when unreachable. */
async function workflowLabels(language: Language): Promise<Tree> {
  try {
    const response = await fetch(`/api/workflow-labels/${language}`, { credentials: 'same-origin' });
    return response.ok ? (((await response.json()) as { messages: Tree }).messages ?? {}) : {};
  } catch {
    return {};
  }
}

/** Fetches `assets/i18n/{lang}.json` and the workflow's labels; react-admin's English core messages fill any gap. */
export async function loadMessages(language: Language): Promise<TranslationMessages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const [response, labels] = await Promise.all([fetch(`/assets/i18n/${language}.json`, { credentials: 'same-origin' }), workflowLabels(language)]);
  if (!response.ok) throw new Error(`Translations for ${language} could not be loaded (${response.status})`);
  const messages = deepMerge(deepMerge(englishMessages as unknown as Tree, (await response.json()) as Tree), labels) as unknown as TranslationMessages;
  loaded.set(language, messages);
  return messages;
}

/** The language to start with: the last one used in this browser, else the browser's, else German. */
export function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_STORAGE_KEY) : null;
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : '';
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, language);
}

/** Builds the provider once the first language is loaded (polyglot needs it synchronously). */
export async function createI18nProvider() {
  const first = initialLanguage();
  await loadMessages(first);
  return withMessageArgs(
    polyglotI18nProvider(
      (locale) => {
        const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
        return loaded.get(language) ?? loadMessages(language);
      },
      first,
      LANGUAGES.map((locale) => ({ locale, name: { de: 'Deutsch', en: 'English', nl: 'Nederlands' }[locale] })),
      { allowMissing: true },
    ),
  );
}

/** Keys that carry their arguments (`VALIDATION.TooLong::{"max":200}`, from form validation) are translated with them. */
export function withMessageArgs(provider: I18nProvider): I18nProvider {
  return {
    ...provider,
    translate: (key, options) => {
      const { key: plain, args } = splitMessage(String(key));
      return provider.translate(plain, { ...args, ...(options ?? {}), ...(options?._ === key ? { _: plain } : {}) });
    },
  };
}
