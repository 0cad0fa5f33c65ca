import { createTheme, ThemeProvider, useTheme, type Theme } from '@mui/material';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  applyExclusiveGroup,
  getAt,
  localizeSheet,
  resetDisabled,
  sheetDataOf,
  sheetNameOf,
  sheetProblems,
  walkControls,
  type QuestionnaireAnswers,
  type SheetData,
  type SheetProblem,
  type SheetVersion,
} from '../../domain/questionnaire';
import { problemsToErrorSchema } from '../errorSchema';
import { SchemaForm } from '../SchemaForm';
import type { QuestionnaireFormContext } from './questionnaireFormContext';
import { QuestionnaireSection } from './QuestionnaireSection';
import { withSheetDefaults } from './sheetDefaults';
import { disabledControlsKey, renderedSheetSchema, sheetUiSchema } from './sheetRendering';
import { sheetValidator } from './sheetValidator';

export interface QuestionnaireSheetFormProps {
  /** The sheet at the version the project uses (schema not localized: the form localizes it). */
  sheet: SheetVersion;
  /** The whole questionnaire: activation paths may point into other sheets. */
  answers: QuestionnaireAnswers;
  /** The whole questionnaire with this sheet's data changed (exclusive groups and disabled controls applied). */
  onChange: (answers: QuestionnaireAnswers) => void;
  readOnly?: boolean;
  /** The language of the texts (de, en, nl); missing translations show English. */
  language: string;
  /** Show the domain's problems at the controls. */
  showErrors?: boolean;
  /** The root project (0 in the editor's preview, where components that load project data stay empty). */
  rootId?: number;
  highlightedSection?: string | null;
}

const TEMPLATES = { ObjectFieldTemplate: QuestionnaireSection };

/** Sheets have many controls: the compact input size throughout, as the portal's other forms. */
const compactTheme = (outer: Theme) =>
  createTheme(outer, {
    components: {
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      MuiCheckbox: { defaultProps: { size: 'small' } },
      MuiRadio: { defaultProps: { size: 'small' } },
    },
  });

/** The group checkboxes that were just checked (old value not true, new value true). */
function newlyCheckedGroupMembers(sheet: SheetVersion, before: SheetData, after: SheetData): string[][] {
  return walkControls(sheet.schema)
    .filter(({ control, path }) => control['x-group'] && getAt(after, path) === true && getAt(before, path) !== true)
    .map(({ path }) => path);
}

/** A group's message (required or exclusive group) once, at its first checkbox, not under every one of them. */
function onePerGroup(problems: SheetProblem[]): SheetProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const group = problem.params?.group;
    if (group === undefined) return true;
    const key = `${problem.key}:${group}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One questionnaire sheet as a form (the page's tabs and the schema editor's live preview): texts in the language,
 * sections as cards, controls enabled by their activeIf/activation paths (disabled ones reset), exclusive checkbox
 * groups, and the domain's rules (`sheetProblems`) at the controls — rjsf does not validate (no ajv under the CSP).
 */
function QuestionnaireSheetFormView({ sheet, answers, onChange, readOnly = false, language, showErrors = false, rootId = 0, highlightedSection = null }: QuestionnaireSheetFormProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const name = sheetNameOf(sheet.schema);
  const localized = useMemo(() => localizeSheet(sheet.schema, language), [sheet.schema, language]);
  const schema = useMemo(() => renderedSheetSchema(localized), [localized]);
  const disabledKey = disabledControlsKey(sheet.schema, answers);
  const uiSchema = useMemo(() => sheetUiSchema(localized, sheet.uiSchema, disabledKey), [localized, sheet.uiSchema, disabledKey]);
  const ownData = sheetDataOf(sheet.schema, answers);
  // With the defaults the form would fill in itself: rjsf then has nothing to report when it opens the sheet.
  const formData = useMemo(() => sheetDataOf(sheet.schema, withSheetDefaults(sheet, { [name]: ownData })), [sheet, name, ownData]);
  // The problems are found per change, translated only when they change (rjsf then compares the same object).
  const problemsKey = showErrors ? JSON.stringify(onePerGroup(sheetProblems(sheet, answers))) : '';
  const extraErrors = useMemo<ErrorSchema | undefined>(() => {
    if (!problemsKey) return undefined;
    const problems = (JSON.parse(problemsKey) as SheetProblem[]).map((problem) => ({ ...problem, path: problem.path.slice(1) }));
    return problemsToErrorSchema(problems, translate, locale);
  }, [problemsKey, translate, locale]);
  const formContext = useMemo<QuestionnaireFormContext>(() => ({ rootId, highlightedSection }), [rootId, highlightedSection]);

  // The handler reads the latest answers through a ref, so rjsf gets one stable callback.
  const latest = useRef({ answers, formData, onChange });
  latest.current = { answers, formData, onChange };
  const change = useCallback(
    (event: IChangeEvent<SheetData>) => {
      const { answers: current, formData: before, onChange: report } = latest.current;
      let data = event.formData ?? {};
      for (const path of newlyCheckedGroupMembers(sheet, before, data)) data = applyExclusiveGroup(sheet, data, path);
      report(resetDisabled(sheet, { ...current, [name]: data }));
    },
    [sheet, name],
  );

  // Made once per outer theme: a new theme object per keystroke would re-render every control of the sheet.
  const outerTheme = useTheme();
  const theme = useMemo(() => compactTheme(outerTheme), [outerTheme]);

  return (
    <ThemeProvider theme={theme}>
      <SchemaForm<SheetData>
        schema={schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        onChange={change}
        extraErrors={extraErrors}
        formContext={formContext}
        templates={TEMPLATES}
        disabled={readOnly}
        validator={sheetValidator}
        noValidate
        idPrefix={`q-${name}`}
      />
    </ThemeProvider>
  );
}

export const QuestionnaireSheetForm = memo(QuestionnaireSheetFormView);
