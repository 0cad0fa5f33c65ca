import { Alert, AlertTitle, Button, Card, CardContent, Stack } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { activeSheets, HINT_HIGHLIGHT_MS, questionnaireValidity, type SheetVersion } from '../../../domain/questionnaire';
import { QuestionnaireSheetForm } from '../../../forms/questionnaire/QuestionnaireSheetForm';
import type { QuestionnairePageData } from './questionnaireQueries';
import { LeaveQuestionnaireDialog, MandatoryFieldsLeftDialog } from './QuestionnaireDialogs';
import { materialChoiceSection } from './materialChoice';
import { questionnairePrintPath } from './questionnairePaths';
import { QuestionnaireStepButtons } from './QuestionnaireStepButtons';
import { clearStoredAnswers, compactAnswers } from './questionnaireStorage';
import { QuestionnaireTabs } from './QuestionnaireTabs';
import { QuestionnaireToolbar } from './QuestionnaireToolbar';
import { useLeaveGuard } from './useLeaveGuard';
import { useQuestionnaireAnswers } from './useQuestionnaireAnswers';
import { useQuestionnaireSave } from './useQuestionnaireSave';
import { formatDateTime } from '../../../domain/format';
import { ChangedByNote } from '../../../layout/live/ChangedByNote';
import type { LastChange } from '../../../layout/live/useLastChange';

type MandatoryQuestion = { kind: 'next'; target: string } | { kind: 'final' };

const hasAnswers = (answers: object) => Object.keys(compactAnswers({ ...answers, _versions: undefined }) as object).length > 0;

/**
 * The sheets of a root as tabs with the toolbar: the working copy autosaved in this browser, saved on the server; the
 * standard tenant needs two active sheets (the hint highlights the material choice), the CCL tenant confirms leaving a
 * sheet with empty mandatory fields; a guard asks before leaving with unsaved or invalid answers.
 */
export function QuestionnaireEditor({
  data,
  projectPath,
  onReload,
  lastChange = null,
  onOutsideChange,
}: {
  data: QuestionnairePageData;
  projectPath: string;
  onReload: () => void;
  /** Someone else's last save of this sheet while the page is open (live updates). */
  lastChange?: LastChange | null;
  /** Read the sheet again for that change (the page does it once per change). */
  onOutsideChange?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [language] = useLocaleState();
  const [readOnlyMessage, setReadOnlyMessage] = useState<string | null>(null);
  const editable = data.canEdit && readOnlyMessage === null;
  const answersState = useQuestionnaireAnswers(data, editable);
  const { answers, changed } = answersState;
  // Per keystroke these are computed again; kept as the same objects while their content stays, so the tabs do not re-render.
  const activeNow = activeSheets(data.sheets, answers);
  const activeKey = activeNow.map((sheet) => sheet.name).join('|');
  const active = useMemo(() => activeNow, [activeKey]);
  const validityNow = useMemo(() => questionnaireValidity(data.sheets, answers), [data.sheets, answers]);
  const validityKey = JSON.stringify(validityNow);
  const validity = useMemo(() => validityNow, [validityKey]);
  const [chosen, setChosen] = useState(() => active[0]?.name ?? '');
  const current: SheetVersion | undefined = active.find((sheet) => sheet.name === chosen) ?? active[0];
  const [showErrors, setShowErrors] = useState(() => data.updatedAt !== null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [question, setQuestion] = useState<MandatoryQuestion | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const highlightTimer = useRef<number | undefined>(undefined);
  const isCcl = data.tenantType === 'ccl';
  const tooFewSheets = !isCcl && active.length < data.minActiveSheets;
  const materialChoice = useMemo(() => materialChoiceSection(data.sheets), [data.sheets]);

  // Another person's save shows at once where nothing is unsaved here; unsaved answers stay.
  useEffect(() => {
    if (lastChange && !changed) onOutsideChange?.();
  }, [lastChange, changed, onOutsideChange]);

  const guardReason = !editable ? null : changed ? 'unsaved' : !validity.isValid && hasAnswers(answers) ? 'invalid' : null;
  const guard = useLeaveGuard(guardReason);
  useEffect(() => () => window.clearTimeout(highlightTimer.current), []);

  const select = useCallback((name: string) => {
    setChosen(name);
    window.scrollTo({ top: 0 });
  }, []);

  /** Spec §5: scrolled to the top, an info toast, the material choice highlighted for 5 s. */
  const showMaterialHint = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    notify('QuestionnaireMaterials.ToastHint', { type: 'info', messageArgs: { count: data.minActiveSheets } });
    if (!materialChoice) return;
    setChosen(materialChoice.sheet);
    setHighlight(materialChoice.section);
    window.clearTimeout(highlightTimer.current);
    highlightTimer.current = window.setTimeout(() => setHighlight(null), HINT_HIGHLIGHT_MS);
  }, [notify, materialChoice, data.minActiveSheets]);

  const { save, saving } = useQuestionnaireSave(data, answersState, {
    onTooFewSheets: showMaterialHint,
    onReadOnly: (message) => setReadOnlyMessage(message),
    onReload,
  });

  const goTo = (name: string) => {
    if (!current || name === current.name) return;
    if (editable && isCcl && validity.sheets[current.name] === false) setQuestion({ kind: 'next', target: name });
    else select(name);
  };
  const latestGoTo = useRef(goTo);
  latestGoTo.current = goTo;
  const selectTab = useCallback((name: string) => latestGoTo.current(name), []);
  const index = current ? active.indexOf(current) : -1;
  const next = () => (editable && tooFewSheets ? showMaterialHint() : index + 1 < active.length && goTo(active[index + 1].name));
  const back = () => index > 0 && goTo(active[index - 1].name);

  const requestSave = () => {
    setShowErrors(true);
    if (tooFewSheets) return showMaterialHint();
    if (isCcl && !validity.isValid) return setQuestion({ kind: 'final' });
    void save();
  };
  const saveAndClose = async () => {
    if (!(await save())) return setQuestion(null);
    guard.allowNextNavigation();
    navigate(projectPath);
  };
  const discard = () => {
    answersState.cancelAutosave();
    clearStoredAnswers(data.rootProjectUnitID);
    setDiscarding(false);
    notify('QUESTIONNAIRE.Page.Discarded', { type: 'info' });
    onReload();
  };

  return (
    <Stack spacing={2}>
      <ChangedByNote change={lastChange} />
      {!editable && (
        <Alert severity="info" data-testid="questionnaire-read-only">
          <AlertTitle>{translate('QUESTIONNAIRE.Page.ReadOnlyTitle')}</AlertTitle>
          {readOnlyMessage || (data.editReason ? translate(data.editReason, { _: data.editReason }) : translate('QUESTIONNAIRE.Errors.ReadOnly'))}
        </Alert>
      )}
      {editable && answersState.restored && (
        <Alert severity="info" onClose={answersState.dismissRestored} action={<Button color="inherit" size="small" onClick={() => setDiscarding(true)}>{translate('QUESTIONNAIRE.Page.Discard')}</Button>} data-testid="questionnaire-restored">
          {translate('QUESTIONNAIRE.Page.Restored', { date: formatDateTime(answersState.restored.savedAt, language) })}
        </Alert>
      )}
      <QuestionnaireToolbar
        editable={editable}
        changed={changed}
        saving={saving}
        updatedAt={answersState.updatedAt}
        onSave={requestSave}
        onDiscard={() => setDiscarding(true)}
        onPrint={() => window.open(questionnairePrintPath(data.rootProjectUnitID), '_blank')}
      />
      {current ? (
        <Card>
          <QuestionnaireTabs sheets={active} current={current.name} validity={validity.sheets} language={language} onSelect={selectTab} />
          <CardContent sx={{ bgcolor: 'background.default' }} data-testid="questionnaire-form">
            <QuestionnaireSheetForm
              key={current.name}
              sheet={current}
              answers={answers}
              onChange={answersState.change}
              readOnly={!editable}
              language={language}
              showErrors={showErrors}
              rootId={data.rootProjectUnitID}
              highlightedSection={current.name === materialChoice?.sheet ? highlight : null}
            />
            <QuestionnaireStepButtons canGoBack={index > 0} canGoNext={index + 1 < active.length || (editable && tooFewSheets)} onBack={back} onNext={next} />
          </CardContent>
        </Card>
      ) : (
        <Alert severity="warning">{translate('QUESTIONNAIRE.Page.NoSheets')}</Alert>
      )}
      {question && (
        <MandatoryFieldsLeftDialog
          kind={question.kind}
          busy={saving}
          onNo={() => setQuestion(null)}
          onConfirm={() => {
            if (question.kind === 'final') return void saveAndClose();
            setQuestion(null);
            select(question.target);
          }}
        />
      )}
      {guard.blocked && guardReason && <LeaveQuestionnaireDialog reason={guardReason} onStay={guard.stay} onLeave={guard.leave} />}
      <Confirm
        isOpen={discarding}
        title="QUESTIONNAIRE.Page.DiscardTitle"
        content="QUESTIONNAIRE.Page.DiscardQuestion"
        confirm="QUESTIONNAIRE.Page.Discard"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={discard}
        onClose={() => setDiscarding(false)}
      />
    </Stack>
  );
}
