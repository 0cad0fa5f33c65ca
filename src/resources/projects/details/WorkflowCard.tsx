import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useGetOne, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Task } from '../../../domain/tasks';
import { StateMessageNote } from './StateMessageNote';
import type { UnitAction } from '../../../domain/workflow';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { messagesText } from '../../../providers/http';
import { TaskInfoDialog } from '../../tasks/TaskInfoDialog';
import { showsViewerButton, ViewerButton } from '../viewer/ViewerButton';
import { HelpPageButton } from '../../../components/HelpPageButton';
import { helpTopicOfTaskHelp } from '../../../domain/help';
import { DeliveryActionButtons, hasDeliveryActions } from '../deliveries/DeliveryActionButtons';
import { opensStructurePage, structurePagePath, withoutStructureGuard } from '../structure/structurePaths';
import { PlanningButton, showsPlanningButton } from '../planning/PlanningButton';
import { InfoSheetButton, showsInfoSheetButton } from '../questionnaire/InfoSheetButton';
import { useRefreshAfterTransition, type UnitPageContext } from './projectQueries';
import { formatDate } from '../../../domain/format';
import { TASKS_RESOURCE } from '../../../domain/resources';

const actionLabel = (translate: ReturnType<typeof useTranslate>, action: string) => translate(`WORKFLOW.Actions.${action}`, { _: action });

/** Confirms a transition; asks for the message the definition wants (the check-data dialog is 640 px, the others 350 px). */
function TransitionDialog({ context, action, onClose }: { context: UnitPageContext; action: UnitAction; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshAfterTransition();
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { unit, root } = context;
  const needsMessage = action.message === 'required';
  const asksMessage = action.message !== 'none';
  const width = action.call === 'ccl-check-data' ? 640 : asksMessage ? 480 : 350;

  const submit = async () => {
    if (submitting || (needsMessage && !message.trim())) return;
    setSubmitting(true);
    setError(null);
    try {
      const withMessage = message.trim() ? { message: message.trim() } : {};
      const { stateKey: next } = await dataProvider.applyTransition(
        action.call === 'ccl-check-data'
          ? { call: 'ccl-check-data', body: { unitID: unit.id, rootUnitID: root.id, ...withMessage } }
          : { call: 'transition', unitId: unit.id, body: { projectUnitID: unit.id, requirements: action.requirements, action: action.action, version: unit.version, ...withMessage } },
      );
      notify('WORKFLOW.Done', { type: 'success', messageArgs: { state: translate(`STATES.${next}`, { _: next }) } });
      await refresh();
      onClose();
    } catch (caught) {
      const body = (caught as { body?: unknown }).body;
      setError(messagesText(body) ?? (caught as Error).message);
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={submitting ? undefined : onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: width } } }} aria-labelledby="transition-title">
      <DialogTitle id="transition-title">{translate('WORKFLOW.ConfirmTitle', { action: actionLabel(translate, action.action) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: asksMessage ? 2 : 0 }}>
          {translate('WORKFLOW.ConfirmText', {
            title: unit.title,
            from: translate(`STATES.${unit.stateKey}`, { _: unit.stateKey }),
            to: translate(`STATES.${action.to}`, { _: action.to }),
          })}
        </DialogContentText>
        {asksMessage && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={translate(needsMessage ? 'WORKFLOW.Message' : 'WORKFLOW.MessageOptional')}
            required={needsMessage}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={submitting || (needsMessage && !message.trim())} autoFocus={!asksMessage}>
          {translate('WORKFLOW.Confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The help dialogs of the task panels: upload, structuring, review-drawings, preparing. */
function HelpDialog({ topic, onClose }: { topic: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 640 } } }} aria-labelledby="task-help-title">
      <DialogTitle id="task-help-title">{translate(`WORKFLOW.HelpDialog.${topic}.Title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(`WORKFLOW.HelpDialog.${topic}.Text`)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <HelpPageButton topic={helpTopicOfTaskHelp(topic)} />
        <Button onClick={onClose} autoFocus>
          {translate('TASKS.Dialog.Close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Several ways on from one state (Start planning process with or without BIM): a line per action that says when to use
 * it (`WORKFLOW.ActionWhen.{action}`, issue #39). Actions without such a text get no line.
 */
function ActionChoiceLines({ actions }: { actions: UnitAction[] }) {
  const translate = useTranslate();
  if (actions.length < 2) return null;
  const lines = actions.map((action) => ({ action, text: translate(`WORKFLOW.ActionWhen.${action.action}`, { _: '' }) })).filter((line) => line.text);
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="action-when">
      {lines.map(({ action, text }) => (
        <Typography component="li" variant="body2" color="text.secondary" key={action.action}>
          <strong>{actionLabel(translate, action.action)}</strong>: {text}
        </Typography>
      ))}
    </Box>
  );
}

/** The buttons of the current state: primary ones filled, secondary outlined; a guard's hint under a disabled one. */
function ActionButtons({ actions, onChoose }: { actions: UnitAction[]; onChoose: (action: UnitAction) => void }) {
  const translate = useTranslate();
  const hints = [...new Set(actions.map((action) => action.disabledReason).filter((reason): reason is string => !!reason))];
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => {
          const button = (
            <Button
              key={`${action.call}-${action.action}`}
              variant={action.secondary ? 'outlined' : 'contained'}
              color={action.action === 'Close' || action.action === 'Archive' ? 'warning' : 'primary'}
              disabled={!!action.disabledReason}
              onClick={() => onChoose(action)}
              data-action={action.action}
            >
              {actionLabel(translate, action.action)}
            </Button>
          );
          return action.disabledReason ? (
            <Tooltip key={`${action.call}-${action.action}`} title={translate(action.disabledReason)}>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          );
        })}
      </Stack>
      {hints.map((hint) => (
        <Alert key={hint} severity="info" variant="outlined" data-testid="action-hint">
          {translate(hint)}
        </Alert>
      ))}
      <ActionChoiceLines actions={actions} />
    </Stack>
  );
}

/** The tasks card: the caller's task on this unit with its help, and the action buttons of the current state. */
/** `contextFetching`: the context is being read again (after a transition): its task may be gone, so it is not asked for. */
export function WorkflowCard({ context, contextFetching = false }: { context: UnitPageContext; contextFetching?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [chosen, setChosen] = useState<UnitAction | null>(null);
  const [help, setHelp] = useState(false);
  const [info, setInfo] = useState(false);
  const navigate = useNavigate();
  const { unit, root } = context;
  const workflow = context.workflow;
  // Structuring finished / Preparing complete on the root are finished on the structure page, which holds the draft.
  const actions = workflow.actions.map((action) => (opensStructurePage(action, unit.id === root.id) ? withoutStructureGuard(action) : action));
  const choose = (action: UnitAction) => (opensStructurePage(action, unit.id === root.id) ? navigate(structurePagePath(root.id)) : setChosen(action));
  const task = workflow.task;
  // Read again with the unit's version, so that a transition's new state shows its task at once; not while the
  // context itself is being read again (a cached context of before the transition names a task that is gone: 404).
  const { data: taskRecord } = useGetOne<Task>(TASKS_RESOURCE, { id: unit.id, meta: { version: unit.version } }, { enabled: !!task && !contextFetching });
  if (!task && !workflow.actions.length && !workflow.message) return null;
  const since = formatDate(unit.stateSince, locale);
  return (
    <Card data-testid="tasks-card" sx={task ? { borderLeft: 4, borderColor: 'secondary.main' } : undefined}>
      <CardHeader
        avatar={<AssignmentTurnedInIcon color={task ? 'secondary' : 'action'} />}
        title={task ? translate('WORKFLOW.TasksCard') : translate('WORKFLOW.Actions.Title')}
        slotProps={{ title: { variant: 'h6' } }}
        action={
          task && (
            <Stack direction="row">
              {task.help && (
                <Tooltip title={translate('WORKFLOW.Help')}>
                  <IconButton onClick={() => setHelp(true)} aria-label={translate('WORKFLOW.Help')}>
                    <HelpOutlineIcon />
                  </IconButton>
                </Tooltip>
              )}
              {taskRecord && (
                <Tooltip title={translate('WORKFLOW.TaskInfo')}>
                  <IconButton onClick={() => setInfo(true)} aria-label={translate('WORKFLOW.TaskInfo')}>
                    <InfoOutlinedIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {task && (
          <Box sx={{ mb: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {translate(`TASKS.Keys.${task.taskKey}.Title`, { _: task.taskKey })}
              </Typography>
              {taskRecord?.delayed && <Chip size="small" color="warning" icon={<WarningAmberIcon />} label={translate('WORKFLOW.Delayed')} />}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {translate(`TASKS.Keys.${task.taskKey}.Description`, { _: '' })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('WORKFLOW.Since', { date: since })}
            </Typography>
          </Box>
        )}
        {workflow.message && <StateMessageNote message={workflow.message} locale={locale} />}
        {workflow.actions.length ? (
          <ActionButtons actions={actions} onChoose={choose} />
        ) : (
          <Typography color="text.secondary">{translate('WORKFLOW.NoActions')}</Typography>
        )}
      </CardContent>
      {chosen && <TransitionDialog context={context} action={chosen} onClose={() => setChosen(null)} />}
      {help && task?.help && <HelpDialog topic={task.help} onClose={() => setHelp(false)} />}
      <TaskInfoDialog task={taskRecord ?? null} open={info} onClose={() => setInfo(false)} />
    </Card>
  );
}

/** The project actions card: history (journal) for internal users with HasJournal; more buttons come with their pages. */
export function ProjectActionsCard({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  const { unit, root } = context;
  const structure = unit.id === root.id && !!context.can.structure?.allowed;
  if (!context.journalAvailable && !hasDeliveryActions(context) && !structure && !showsViewerButton(context) && !showsPlanningButton(context) && !showsInfoSheetButton(context)) return null;
  return (
    <Card data-testid="project-actions">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {structure && (
          <Button component={RouterLink} to={structurePagePath(root.id)} variant="outlined" startIcon={<AccountTreeIcon />} fullWidth data-testid="open-structure">
            {translate('STRUCTURE.Title')}
          </Button>
        )}
        {context.journalAvailable && (
          <Button component={RouterLink} to={`/home/app/project/details/${root.id}/${unit.id}/journal`} variant="outlined" startIcon={<HistoryIcon />} fullWidth>
            {translate('WORKFLOW.History')}
          </Button>
        )}
        <InfoSheetButton context={context} />
        <ViewerButton context={context} />
        <DeliveryActionButtons context={context} />
        <PlanningButton context={context} />
      </CardContent>
    </Card>
  );
}
