import { LOCALIZED_TEXTS, type LocalizedText, type SheetI18n, type SheetNode, type SheetOption } from '../types';
import { modelItems, type ModelItem, type SheetModel } from './model';
import { updateNode, updateRoot, type Refused } from './operations';

/**
 * The builder's translations grid (issue #34): every text of a sheet in English, German and Dutch side by side. English
 * is a node's own field (`title`, `description`, `x-note`, `x-popup`, `x-placeholder`), German and Dutch are in its
 * `x-i18n` (what localizeSheet reads). Writing a text keeps the stored dialect: an emptied translation leaves
 * `x-i18n` (an empty language, an empty `x-i18n` go too), never `''`.
 *
 * A text's address names it independently of the builder's ids, so that an exported spreadsheet can be imported
 * into a later session or version: the item's dot path (as conditions name it), an option by `=value` (or `#index`
 * while its value is empty or not unique), then `:field` — `xde-general.project.buildingType=office:title`.
 */

export const TEXT_LANGUAGES = ['en', 'de', 'nl'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** The meta-schema's `text` (schemas/questionnaire/sheet.meta.schema.json): at most this many characters. */
export const TEXT_MAX_LENGTH = 4000;
/** An import holds at most this many rows (the largest shipped sheet has about 500 texts). */
export const TRANSLATION_IMPORT_MAX_ROWS = 5000;
/** An address longer than this names nothing (the meta-schema's paths are at most 400, an option value 100). */
const ADDRESS_MAX_LENGTH = 600;

export const TRANSLATION_MESSAGE = {
  tooManyRows: 'SHEET_BUILDER.Translations.TooManyRows',
  unknown: 'SHEET_BUILDER.Translations.Refused.Unknown',
  duplicate: 'SHEET_BUILDER.Translations.Refused.Duplicate',
  tooLong: 'SHEET_BUILDER.Translations.Refused.TooLong',
  titleRequired: 'SHEET_BUILDER.Translations.Refused.TitleRequired',
} as const;

export type TextKind = 'sheet' | 'section' | 'control' | 'option';

/** One translatable text of a sheet. */
export interface TextRow {
  /** Stable across sessions and versions (see above). */
  address: string;
  /** The builder item the text belongs to (null: the sheet's own texts). */
  itemId: string | null;
  kind: TextKind;
  field: LocalizedText;
  /** The item's titles from its section down (the sheet's own texts: the sheet's title), in the language asked for (English where it has none, else its key). */
  path: string;
  /** The text per language, `''` where it has none. */
  texts: Record<TextLanguage, string>;
}

/** The fields the meta-schema lets each kind carry. */
const FIELDS: Record<TextKind, readonly LocalizedText[]> = {
  sheet: ['title', 'description'],
  section: ['title', 'description', 'x-note', 'x-popup'],
  control: LOCALIZED_TEXTS,
  option: ['title'],
};

type Texted = { title?: string; 'x-i18n'?: SheetI18n } & Partial<Record<LocalizedText, string>>;

/** A node's text in a language (`''` when it has none). */
export function nodeText(node: Texted, field: LocalizedText, language: string): string {
  const value = language === 'en' ? node[field] : node['x-i18n']?.[language]?.[field];
  return typeof value === 'string' ? value : '';
}

const isBlank = (text: string) => text.trim() === '';

/** Inserts `key` into a copy of `object` after the last of `after` it holds (else first); an existing key keeps its place. */
function withKey<T extends object>(object: T, key: string, value: unknown, after: readonly string[]): T {
  if (key in object) return { ...object, [key]: value };
  const entries = Object.entries(object);
  let at = 0;
  entries.forEach(([name], index) => {
    if (after.includes(name)) at = index + 1;
  });
  entries.splice(at, 0, [key, value]);
  return Object.fromEntries(entries) as T;
}

const before = <T,>(list: readonly T[], item: T) => list.slice(0, list.indexOf(item));
const LANGUAGE_ORDER = ['de', 'en', 'nl'];

/**
 * A node (or option) with one text in one language set. English is the node's own field: an empty title stays `''`
 * (the meta-schema then names it), another empty field is removed. A translation is set in `x-i18n`; emptied, it is
 * removed, and with it a language (and an `x-i18n`) left without texts. New keys go where the shipped sheets have them.
 */
export function nodeWithText<N extends Texted>(node: N, field: LocalizedText, language: string, text: string): N {
  if (nodeText(node, field, language) === text) return node;
  if (language === 'en') {
    if (text || field === 'title') return withKey(node, field, text, ['type', 'const', ...before(LOCALIZED_TEXTS, field)]);
    const next = { ...node };
    delete next[field];
    return next;
  }
  const i18n: SheetI18n = { ...(node['x-i18n'] ?? {}) };
  let texts: Record<string, string> = { ...(i18n[language] ?? {}) };
  if (text) texts = withKey(texts, field, text, before(LOCALIZED_TEXTS, field));
  else delete texts[field];
  let nextI18n: SheetI18n = i18n;
  if (Object.keys(texts).length) nextI18n = withKey(i18n, language, texts, before(LANGUAGE_ORDER, language));
  else delete nextI18n[language];
  // The sheet's own x-i18n follows its x-sheet and activation paths; a node's follows its texts.
  if (Object.keys(nextI18n).length) return withKey(node, 'x-i18n', nextI18n, ['type', 'const', ...LOCALIZED_TEXTS, ...('x-sheet' in node ? ['x-sheet', 'x-activationPaths'] : [])]);
  const next = { ...node };
  delete next['x-i18n'];
  return next;
}

/** The options of a control: its `oneOf`, or its items' (a multiple choice). */
const optionsOf = (node: SheetNode): SheetOption[] | undefined => (Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.items?.oneOf) ? node.items.oneOf : undefined);

/** Where a text lives: the sheet's node, an item's node, or one option of an item. */
interface TextTarget {
  itemId: string | null;
  option?: number;
  field: LocalizedText;
}

function labelOf(node: Texted, language: string, fallback: string): string {
  return nodeText(node, 'title', language) || nodeText(node, 'title', 'en') || fallback;
}

/** Every text of the sheet with its address, in document order (the sheet's, then each item's followed by its options'). */
function textTargets(model: SheetModel, language: string): { row: TextRow; target: TextTarget }[] {
  const name = model.root['x-sheet']?.name ?? '';
  const result: { row: TextRow; target: TextTarget }[] = [];
  const add = (node: Texted, kind: TextKind, base: string, itemId: string | null, path: string, option?: number) => {
    for (const field of FIELDS[kind]) {
      const texts = Object.fromEntries(TEXT_LANGUAGES.map((lang) => [lang, nodeText(node, field, lang)])) as Record<TextLanguage, string>;
      if (field !== 'title' && TEXT_LANGUAGES.every((lang) => !texts[lang])) continue;
      result.push({ row: { address: `${base}:${field}`, itemId, kind, field, path, texts }, target: { itemId, field, ...(option === undefined ? {} : { option }) } });
    }
  };
  const sheetLabel = labelOf(model.root, language, name);
  add(model.root, 'sheet', name, null, sheetLabel);
  const labels = new Map<string, string>();
  for (const { item, path, parent } of modelItems(model)) {
    const dotPath = [name, ...path].join('.');
    const label = [...(parent.length ? [labels.get([name, ...parent].join('.'))!] : []), labelOf(item.node, language, item.key)].join(' › ');
    labels.set(dotPath, label);
    add(item.node, item.kind, dotPath, item.id, label);
    if (item.kind !== 'control') continue;
    const options = optionsOf(item.node) ?? [];
    const counts = new Map<string, number>();
    for (const option of options) counts.set(option.const, (counts.get(option.const) ?? 0) + 1);
    options.forEach((option, index) => {
      const unique = typeof option.const === 'string' && option.const !== '' && counts.get(option.const) === 1;
      add(option, 'option', `${dotPath}${unique ? `=${option.const}` : `#${index}`}`, item.id, `${label} › ${labelOf(option, language, String(option.const || index + 1))}`, index);
    });
  }
  return result;
}

/** One row per translatable text of the sheet; `language` is the one of the human paths. */
export function sheetTexts(model: SheetModel, language = 'en'): TextRow[] {
  return textTargets(model, language).map((entry) => entry.row);
}

/** How many texts each language lacks (an empty or blank text is missing). */
export function missingTexts(rows: readonly TextRow[]): Record<TextLanguage, number> {
  const counts = { en: 0, de: 0, nl: 0 };
  for (const row of rows) for (const language of TEXT_LANGUAGES) if (isBlank(row.texts[language])) counts[language] += 1;
  return counts;
}

export const isMissing = (row: TextRow, language: TextLanguage) => isBlank(row.texts[language]);

function writeTarget(model: SheetModel, target: TextTarget, language: TextLanguage, text: string): SheetModel {
  const change = <N extends Texted>(node: N): N => nodeWithText(node, target.field, language, text);
  if (target.itemId === null) {
    const next = change(model.root);
    return next === model.root ? model : updateRoot(model, () => next);
  }
  const item = modelItems(model).find((entry) => entry.item.id === target.itemId)?.item as ModelItem | undefined;
  if (!item) return model;
  let next: SheetNode;
  if (target.option === undefined) next = change(item.node);
  else {
    const options = optionsOf(item.node);
    const option = options?.[target.option];
    if (!options || !option) return model;
    const changed = change(option);
    if (changed === option) return model;
    const list = options.map((other, index) => (index === target.option ? changed : other));
    next = Array.isArray(item.node.oneOf) ? { ...item.node, oneOf: list } : { ...item.node, items: { ...item.node.items, oneOf: list } };
  }
  return next === item.node ? model : updateNode(model, item.id, () => next);
}

/** The model with the text at `address` set in `language` (an unknown address, or the same text: the model itself). */
export function withText(model: SheetModel, address: string, language: TextLanguage, text: string): SheetModel {
  const found = textTargets(model, 'en').find((entry) => entry.row.address === address);
  return found ? writeTarget(model, found.target, language, isBlank(text) ? '' : text) : model;
}

/** A row of an imported file: the address and the texts of the language columns it has (absent: left as it is). */
export interface ImportedText {
  /** The row's number in the file, for the report (default: its position + 2, after a header row). */
  row?: number;
  address: string;
  en?: string;
  de?: string;
  nl?: string;
}

export interface RefusedText {
  row: number;
  address: string;
  key: string;
  params?: Record<string, string | number>;
}

export interface TranslationImport {
  model: SheetModel;
  /** Texts that changed (a row may change up to three). */
  changed: number;
  /** Rows not applied (nothing of such a row is applied). */
  refusedRows: RefusedText[];
}

/**
 * The texts of an import applied: rows whose address the sheet has, whose texts fit the meta-schema. A row naming no
 * text of the sheet, a second row for one address, a text over TEXT_MAX_LENGTH or an emptied English title is refused
 * (reported, not applied). More than TRANSLATION_IMPORT_MAX_ROWS rows: the whole import is refused.
 */
export function applyTranslations(model: SheetModel, rows: readonly ImportedText[]): TranslationImport | Refused {
  if (rows.length > TRANSLATION_IMPORT_MAX_ROWS) return { refused: TRANSLATION_MESSAGE.tooManyRows, params: { max: TRANSLATION_IMPORT_MAX_ROWS } };
  const targets = new Map(textTargets(model, 'en').map((entry) => [entry.row.address, entry]));
  const seen = new Set<string>();
  const refused: RefusedText[] = [];
  let next = model;
  let changed = 0;
  for (const [index, imported] of rows.entries()) {
    const row = imported.row ?? index + 2;
    const address = typeof imported.address === 'string' ? imported.address.trim() : '';
    const found = address.length <= ADDRESS_MAX_LENGTH ? targets.get(address) : undefined;
    if (!found) {
      refused.push({ row, address: address.length > 80 ? `${address.slice(0, 80)}…` : address, key: TRANSLATION_MESSAGE.unknown });
      continue;
    }
    if (seen.has(address)) {
      refused.push({ row, address, key: TRANSLATION_MESSAGE.duplicate });
      continue;
    }
    seen.add(address);
    const texts: [TextLanguage, string][] = [];
    const tooLong = TEXT_LANGUAGES.find((language) => typeof imported[language] === 'string' && imported[language]!.length > TEXT_MAX_LENGTH);
    if (tooLong) {
      refused.push({ row, address, key: TRANSLATION_MESSAGE.tooLong, params: { language: tooLong, max: TEXT_MAX_LENGTH } });
      continue;
    }
    for (const language of TEXT_LANGUAGES) {
      const value = imported[language];
      if (typeof value !== 'string') continue;
      const text = isBlank(value) ? '' : value;
      if (text !== found.row.texts[language]) texts.push([language, text]);
    }
    if (found.row.field === 'title' && texts.some(([language, text]) => language === 'en' && !text)) {
      refused.push({ row, address, key: TRANSLATION_MESSAGE.titleRequired });
      continue;
    }
    for (const [language, text] of texts) {
      const written = writeTarget(next, found.target, language, text);
      if (written !== next) changed += 1;
      next = written;
    }
  }
  return { model: next, changed, refusedRows: refused };
}

/** Whether an import's answer is the whole import refused. */
export const isImportRefused = (result: TranslationImport | Refused): result is Refused => 'refused' in result;
