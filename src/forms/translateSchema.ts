import type { RJSFSchema, UiSchema } from '@rjsf/utils';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A translation key such as `STRUCTURE.SubprojectName`: an upper-case namespace, a dot, then the key. */
const TRANSLATION_KEY = /^[A-Z][A-Z0-9_]*\.[A-Za-z0-9_.-]+$/;

export function isTranslationKey(value: unknown): value is string {
  return typeof value === 'string' && TRANSLATION_KEY.test(value);
}

const translated = (value: unknown, translate: Translate) => (isTranslationKey(value) ? translate(value, { _: value }) : value);

/**
 * The schema with every `title` and `description` that is a translation key replaced by its text. Schemas stay
 * language-neutral files (the server validates against the same file); only the copy the form renders is translated.
 */
export function translateSchema<S extends RJSFSchema>(schema: S, translate: Translate): S {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, (key === 'title' || key === 'description') && typeof value === 'string' ? translated(value, translate) : walk(value)]),
    );
  };
  return walk(schema) as S;
}

const UI_TEXTS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);

/** The uiSchema with its texts (`ui:title`, `ui:description`, `ui:help`, `ui:placeholder`) translated where they are keys. */
export function translateUiSchema<U extends UiSchema>(uiSchema: U, translate: Translate): U {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, UI_TEXTS.has(key) ? translated(value, translate) : walk(value)]));
  };
  return walk(uiSchema) as U;
}
