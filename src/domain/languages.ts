export const LANGUAGES = ['de', 'en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The reviewer manual exists in German and Dutch; every other language gets the German one. */
export function manualLanguage(language: string): 'de' | 'nl' {
  return language === 'nl' ? 'nl' : 'de';
}

export function manualUrl(language: string): string {
  return `/manuals/manual_for_reviewer_${manualLanguage(language)}.pdf`;
}
