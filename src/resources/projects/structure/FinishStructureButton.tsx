import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { duplicateNames, type StructureDraft, type StructureProblem } from '../../../domain/structure';
import type { UnitAction } from '../../../domain/workflow';
import { messagesText } from '../../../providers/http';
import { useRefreshAfterTransition } from '../details/projectQueries';
import { clearStoredDraft } from './draftStorage';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { errorMessages, errorStatus, type ApiFieldMessage } from './structureQueries';
import { withoutStructureGuard } from './structurePaths';

/** Spec §8: the information dialog listing the names that appear twice. */
function DuplicateNamesDialog({ names, onClose }: { names: string[]; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="duplicate-names-title" data-testid="duplicate-names-dialog">
      <DialogTitle id="duplicate-names-title">{translate('STRUCTURE.Finish.DuplicatesTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{translate('STRUCTURE.Finish.DuplicatesText')}</Typography>
        <List dense>
          {names.map((name) => (
            <ListItem key={name} disableGutters>
              <ListItemText primary={`• ${name}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {translate('COMMON.Ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface FinishStructureButtonProps {
  rootId: number;
  projectTitle: string;
  action: UnitAction;
  draft: StructureDraft;
  problems: StructureProblem[];
  /** The server's field messages of a refused creation (400), shown at the fields. */
  onServerProblems: (messages: ApiFieldMessage[]) => void;
}

/**
 * The workflow's "Structuring finished" / "Preparing complete": duplicates first (information dialog), then the
 * rules (warning toast), then a confirmation; the server creates the units and moves the project on.
 */
export function FinishStructureButton({ rootId, projectTitle, action, draft, problems, onServerProblems }: FinishStructureButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const refreshAfterTransition = useRefreshAfterTransition();
  const dataProvider = usePortalDataProvider();
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { disabledReason } = withoutStructureGuard(action);
  const label = translate(`WORKFLOW.Actions.${action.action}`, { _: action.action });

  const start = () => {
    const names = duplicateNames(draft);
    if (names.length) setDuplicates(names);
    else if (problems.length) notify('STRUCTURE.Finish.NotValid', { type: 'warning' });
    else setConfirming(true);
  };

  const finish = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await dataProvider.createStructure(rootId, draft);
      clearStoredDraft(rootId);
      notify('STRUCTURE.Finish.Done', { type: 'success' });
      // Marked stale at once; the details page reads what it shows, the dialog does not wait for it.
      void refreshAfterTransition();
      navigate(`/home/app/project/details/${rootId}`);
    } catch (error) {
      setConfirming(false);
      setSubmitting(false);
      const messages = errorMessages(error);
      if (errorStatus(error) === 400 && messages.some((message) => message.reference)) {
        onServerProblems(messages);
        notify('STRUCTURE.Finish.ServerProblems', { type: 'error' });
      } else {
        notify(messagesText((error as { body?: unknown }).body) ?? (error as Error).message, { type: 'error' });
      }
    }
  };

  const button = (
    <Button variant="contained" color="secondary" startIcon={<TaskAltIcon />} onClick={start} disabled={!!disabledReason || submitting} data-testid="finish-structure">
      {label}
    </Button>
  );
  return (
    <>
      {disabledReason ? (
        <Tooltip title={translate(disabledReason)}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {duplicates.length > 0 && <DuplicateNamesDialog names={duplicates} onClose={() => setDuplicates([])} />}
      <Confirm
        isOpen={confirming}
        loading={submitting}
        title="WORKFLOW.ConfirmTitle"
        content="STRUCTURE.Finish.ConfirmText"
        translateOptions={{ action: label, title: projectTitle, to: translate(`STATES.${action.to}`, { _: action.to }) }}
        confirm="WORKFLOW.Confirm"
        cancel="COMMON.Cancel"
        onConfirm={finish}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
