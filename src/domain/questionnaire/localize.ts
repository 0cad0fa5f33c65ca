import { isPlainObject } from './paths';
import { LOCALIZED_TEXTS, type SheetI18n, type SheetSchema } from './types';

/**
 * The sheet with its texts (title, description, x-note, x-popup, x-placeholder, option titles) in `language`, taken
 * from each node's `x-i18n`; a text without a translation stays English. The `x-i18n` blocks are left out.
 */
export function localizeSheet<S extends SheetSchema>(schema: S, language: string): S {
  const walk = (node: unknown): unknown => {
    if (!isPlainObject(node)) return node;
    const translations = isPlainObject(node['x-i18n']) ? (node['x-i18n'] as SheetI18n)[language] : undefined;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-i18n') continue;
      const translated = (LOCALIZED_TEXTS as readonly string[]).includes(key) ? translations?.[key as (typeof LOCALIZED_TEXTS)[number]] : undefined;
      if (typeof translated === 'string' && translated) result[key] = translated;
      else if (key === 'properties' && isPlainObject(value)) result[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, walk(child)]));
      else if (key === 'oneOf' && Array.isArray(value)) result[key] = value.map(walk);
      else if (key === 'items') result[key] = walk(value);
      else result[key] = value;
    }
    return result;
  };
  return walk(schema) as S;
}

/** A sheet's title in a language (the material label of the structure, the page's tab). */
export function sheetTitle(schema: SheetSchema, language: string): string {
  return schema['x-i18n']?.[language]?.title || schema.title;
}
