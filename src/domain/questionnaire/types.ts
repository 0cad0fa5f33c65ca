/**
 * The project information sheet (questionnaire, spec §3 "Questionnaire sheet"): versioned JSON Schema documents
 * (draft-07 style) with the portal's `x-` keywords. schemas/questionnaire/sheet.meta.schema.json validates a
 * sheet document; these types describe what the rules below read from it.
 */

/** Texts a node carries in English, replaced per language from its `x-i18n`. */
export const LOCALIZED_TEXTS = ['title', 'description', 'x-note', 'x-popup', 'x-placeholder'] as const;
export type LocalizedText = (typeof LOCALIZED_TEXTS)[number];
export type SheetI18n = Partial<Record<string, Partial<Record<LocalizedText, string>>>>;

/** Enables a control (or shows a sheet) when the value at `path` equals `equals` (omitted: is truthy). */
export interface ActivationPath {
  /** Dot path over the whole answers object, starting with the sheet name: `xde-general.materials.planelemente`. */
  path: string;
  equals?: string | number | boolean;
}

/** One choice of a dropdown, radio group or multi select. */
export interface SheetOption {
  const: string;
  title: string;
  'x-i18n'?: SheetI18n;
}

/** The custom components a sheet may place (`x-component`), rendered by the form kit's `QuestionnaireComponent`. */
export const SHEET_COMPONENTS = ['ccl-delivery-schedule', 'block-type-table'] as const;
export type SheetComponent = (typeof SHEET_COMPONENTS)[number];

/** A node of a sheet: a section (object without `x-component`) or a control. */
export interface SheetNode {
  type?: 'object' | 'boolean' | 'number' | 'integer' | 'string' | 'array';
  title?: string;
  description?: string;
  'x-note'?: string;
  'x-popup'?: string;
  'x-placeholder'?: string;
  'x-unit'?: string;
  'x-i18n'?: SheetI18n;
  properties?: Record<string, SheetNode>;
  additionalProperties?: boolean | SheetNode;
  required?: string[];
  items?: SheetNode;
  oneOf?: SheetOption[];
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  maxLength?: number;
  readOnly?: boolean;
  default?: unknown;
  /** Checkboxes of one group are mutually exclusive. */
  'x-group'?: string;
  /** Grid columns on md and wider screens, 1..12 (default 6). */
  'x-width'?: number;
  'x-fullWidth'?: boolean;
  'x-required'?: boolean;
  /** At least one control of this group in the sheet must be truthy. */
  'x-requiredGroup'?: string;
  /** Enabled only while the checkbox at this path is checked. */
  'x-activeIf'?: string;
  /** Enabled when any of them matches. */
  'x-activationPaths'?: ActivationPath[];
  'x-component'?: SheetComponent | string;
  'x-componentOptions'?: Record<string, unknown>;
}

export interface SheetSchema extends SheetNode {
  type: 'object';
  title: string;
  'x-sheet': { name: string; version: number };
  /** The sheet is shown (and counts) only when one of them matches. */
  'x-activationPaths'?: ActivationPath[];
  properties: Record<string, SheetNode>;
}

/** rjsf's uiSchema of a sheet (`ui:widget`, `ui:options`, `ui:field` per control path). */
export type SheetUiSchema = Record<string, unknown>;

export type SheetStatus = 'draft' | 'published';

export interface SheetVersion {
  name: string;
  version: number;
  schema: SheetSchema;
  uiSchema: SheetUiSchema;
  status: SheetStatus;
  /** The level of the sheet set the sheet belongs to ('0' = the general sheet, '1', '1-uitgekiend', '2'), when known. */
  level?: string;
}

/** A sheet's answers: sections → controls and child sections. */
export type SheetData = Record<string, unknown>;

/** The saved questionnaire of a root: `{ _versions: { name: version }, <sheetName>: SheetData }`. */
export interface QuestionnaireAnswers {
  _versions?: Record<string, number>;
  [sheetName: string]: unknown;
}

/**
 * A rule a sheet's answers (or a sheet definition) breaks. For answers, `path` runs over the whole answers object and
 * starts with the sheet name (`['xde-general', 'site', 'craneCapacity']`); for definitions it is the JSON pointer's
 * segments into the schema document. `key` is a translation key.
 */
export interface SheetProblem {
  path: string[];
  key: string;
  params?: Record<string, string | number>;
}

/** A control with where it sits: `path` within the sheet's data, `dotPath` over the whole answers. */
export interface SheetControl {
  name: string;
  path: string[];
  dotPath: string;
  control: SheetNode;
}

/** The translation keys of the questionnaire's problems. */
export const QUESTIONNAIRE_MESSAGE = {
  required: 'QUESTIONNAIRE.Errors.Required',
  pattern: 'QUESTIONNAIRE.Errors.Pattern',
  requiredGroup: 'QUESTIONNAIRE.Errors.RequiredGroup',
  exclusiveGroup: 'QUESTIONNAIRE.Errors.ExclusiveGroup',
  minimum: 'QUESTIONNAIRE.Errors.Minimum',
  maximum: 'QUESTIONNAIRE.Errors.Maximum',
  tooLong: 'QUESTIONNAIRE.Errors.TooLong',
  notAnOption: 'QUESTIONNAIRE.Errors.NotAnOption',
  wrongType: 'QUESTIONNAIRE.Errors.WrongType',
  unknownField: 'QUESTIONNAIRE.Errors.UnknownField',
  readOnly: 'QUESTIONNAIRE.Errors.ReadOnly',
  conflict: 'QUESTIONNAIRE.Errors.Conflict',
  published: 'QUESTIONNAIRE.Errors.Published',
  tooFewSheets: 'QuestionnaireMaterials.ToastHint',
} as const;

/** Autosave of the page's answers to the store (spec §9). */
export const QUESTIONNAIRE_AUTOSAVE_MS = 300;
/** How long the "choose your materials" hint stays highlighted (spec §9). */
export const HINT_HIGHLIGHT_MS = 5000;
/** Print page: the print dialog opens after, and the window closes after (spec §2, §9). */
export const PRINT_DIALOG_DELAY_MS = 300;
export const PRINT_CLOSE_DELAY_MS = 400;
/** Active sheets a standard tenant's questionnaire needs before it can be saved (the CCL tenant: none). */
export const MIN_ACTIVE_SHEETS = 2;

/** A sheet of a set as the builder reads it (`GET …/set`): its draft, else its latest published version. */
export interface SetSheet {
  id: number;
  name: string;
  version: number;
  status: string;
  updatedAt: string;
  /** In one of the sets (sets.json) that hold the edited sheet: the pickers offer these. */
  inSet: boolean;
  schema: SheetSchema;
  uiSchema: SheetUiSchema;
}
