import type { QuestionnaireAnswers } from './types';

/** schemas/questionnaire/sets.json: country codes → set key, and per set the sheet names of each level. */
export interface SheetSets {
  countries: Record<string, string>;
  sets: Record<string, Record<string, string[]>>;
}

/** Levels in the order their sheets appear: the general sheet, the material sheets, Dutch brick assortment, the rest. */
export const SHEET_LEVELS = ['0', '1', '1-uitgekiend', '2'] as const;
export const GENERAL_LEVEL = '0';

export interface SheetSetInput {
  tenantType: 'standard' | 'ccl';
  /** The root's project param Country (nl, de/d, be/b, fr/f, any case). */
  country?: string | null;
  /** The country of the root's site address, used when the param is missing or unknown. */
  siteCountry?: string | null;
  /** The tenant's default country, the last resort. */
  defaultCountry?: string | null;
  /** The root's project param BrickAssortment ("True" selects the uitgekiend set). */
  brickAssortment?: string | boolean | null;
}

export interface SheetSet {
  setKey: string;
  sheets: { name: string; level: string }[];
}

export const isBrickAssortment = (value: SheetSetInput['brickAssortment']) => value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

/**
 * Which sheets a root's questionnaire shows (spec §5 Country map): the CCL tenant its own set; BrickAssortment True
 * the uitgekiend set; otherwise the set of the first country that maps (param, site address, tenant default).
 */
export function sheetSetFor(input: SheetSetInput, sets: SheetSets): SheetSet {
  const setKey = chooseSetKey(input, sets);
  const levels = sets.sets[setKey] ?? {};
  const sheets = SHEET_LEVELS.flatMap((level) => (levels[level] ?? []).map((name) => ({ name, level })));
  return { setKey, sheets };
}

function chooseSetKey(input: SheetSetInput, sets: SheetSets): string {
  if (input.tenantType === 'ccl' && sets.sets.ccl) return 'ccl';
  if (isBrickAssortment(input.brickAssortment) && sets.sets.uitgekiend) return 'uitgekiend';
  for (const candidate of [input.country, input.siteCountry, input.defaultCountry]) {
    const mapped = candidate ? sets.countries[candidate.trim().toLowerCase()] : undefined;
    if (mapped && sets.sets[mapped]) return mapped;
  }
  return sets.sets.de ? 'de' : Object.keys(sets.sets)[0];
}

/** The version a root uses of a sheet: the one its saved answers name, else the highest published one. */
export function resolveSheetVersion(name: string, answers: QuestionnaireAnswers | null | undefined, publishedVersions: readonly number[]): number | undefined {
  const saved = answers?._versions?.[name];
  if (typeof saved === 'number') return saved;
  return publishedVersions.length ? Math.max(...publishedVersions) : undefined;
}
