import { Button, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatDate } from '../../domain/format';
import { appliesTo, transitionsFrom, WORKFLOW_ROLES, type WorkflowDefinition } from '../../domain/workflow';
import type { WorkflowView } from '../../domain/workflowChecks';
import { simulateAction, simulationStart, type SimulationStep } from '../../domain/workflowVersions';
import { roleLabel } from './roleLabel';

/**
 * Simulate mode: from the view's initial state (or any state picked to start from — approval lots, for one, leave their
 * initial state through their project's effect), fire actions as the chosen role; each step shows the task created and
 * who gets it, the effects, the message asked for and the escalation date — by the server's functions; an action the
 * role may not fire is refused with the server's reason.
 */
export function SimulatePanel({ definition, view, labelOf, onState }: { definition: WorkflowDefinition; view: WorkflowView; labelOf: (kind: 'states' | 'actions' | 'tasks', key: string) => string; onState: (state: string) => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [role, setRole] = useState('external');
  const [start, setStart] = useState(() => simulationStart(definition, view));
  const [state, setState] = useState(start);
  const [steps, setSteps] = useState<SimulationStep[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const states = definition.states.filter((candidate) => appliesTo(candidate, view.unitType, view.tenantType)).map((candidate) => candidate.key);
  const restart = (from: string) => {
    setStart(from);
    setState(from);
    setSteps([]);
    setRefusal(null);
  };
  useEffect(() => restart(simulationStart(definition, view)), [definition, view]);
  useEffect(() => onState(state), [state, onState]);
  const isRoot = view.unitType === 'project';
  const actions = transitionsFrom(definition, { type: view.unitType, stateKey: state, isRoot }, view.tenantType).map((transition) => transition.action);
  const fire = (action: string) => {
    const result = simulateAction(definition, { ...view, isRoot }, state, action, [role], new Date());
    if (!result.ok) return setRefusal(translate(result.reason, { state }));
    setRefusal(null);
    setSteps((previous) => [...previous, result.step]);
    setState(result.step.to);
  };
  return (
    <Stack spacing={2} data-testid="simulate-panel">
      <TextField select size="small" label={translate('WORKFLOW.Editor.Role')} value={role} onChange={(event) => setRole(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'simulate-role' } }}>
        {WORKFLOW_ROLES.map((name) => (
          <MenuItem key={name} value={name}>
            {roleLabel(translate, name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={translate('WORKFLOW.Editor.StartFrom')} value={states.includes(start) ? start : ''} onChange={(event) => restart(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'simulate-start' } }}>
        {states.map((key) => (
          <MenuItem key={key} value={key}>
            {labelOf('states', key)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" data-testid="simulate-state">
        {translate('WORKFLOW.Editor.CurrentState', { state: labelOf('states', state) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {[...new Set(actions)].map((action) => (
          <Button key={action} size="small" variant="outlined" onClick={() => fire(action)} data-testid={`fire-${action}`}>
            {labelOf('actions', action)}
          </Button>
        ))}
        <Button size="small" onClick={() => restart(start)}>
          {translate('WORKFLOW.Editor.Restart')}
        </Button>
      </Stack>
      {refusal && (
        <Typography color="error" variant="body2" role="alert">
          {refusal}
        </Typography>
      )}
      <List dense aria-label={translate('WORKFLOW.Editor.Steps')}>
        {steps.map((step, index) => (
          <ListItem key={index} divider data-testid="simulate-step">
            <ListItemText
              primary={`${labelOf('actions', step.action)}: ${labelOf('states', step.from)} → ${labelOf('states', step.to)}`}
              secondary={[
                step.task ? translate('WORKFLOW.Editor.TaskFor', { task: labelOf('tasks', step.task.taskKey), roles: step.task.roles.map((name) => roleLabel(translate, name)).join(', ') }) : translate('WORKFLOW.Editor.NoTask'),
                ...step.effects.map((effect) => `${translate('WORKFLOW.Editor.Effect')}: ${effect}`),
                step.requirements.length ? translate('WORKFLOW.Editor.Requirements', { requirements: step.requirements.join(', ') }) : '',
                translate(`WORKFLOW.Editor.Message.${step.message}`),
                step.escalation ? translate('WORKFLOW.Editor.EscalationDue', { rule: step.escalation.rule, date: formatDate(step.escalation.due, locale) }) : '',
              ].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
