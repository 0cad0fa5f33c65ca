import { Box, Chip, Stack, Typography } from '@mui/material';
import { Handle, Position, type NodeProps, type Node } from '@xyflow/react';
import { useTranslate } from 'react-admin';
import { NODE_WIDTH, type StateNodeData } from './graph';

const MARK_COLOURS = { added: '#2e7d32', removed: '#c62828', changed: '#ef6c00' } as const;

/** A state: its label and key, chips for initial, final, the task with its roles, the escalation; problems in red. */
export function StateNode({ data, selected }: NodeProps<Node<StateNodeData>>) {
  const translate = useTranslate();
  const { state, problems, mark } = data;
  const border = problems.length ? '#c62828' : mark ? MARK_COLOURS[mark] : selected ? '#1565c0' : '#607d8b';
  if (data.lane)
    return (
      <Typography variant="h6" component="h2" data-testid={`lane-${state.key}`} sx={{ width: NODE_WIDTH, borderBottom: '2px solid', borderColor: 'primary.main', pb: 0.5 }}>
        {data.label}
      </Typography>
    );
  if (data.anyState)
    return (
      <Box sx={{ px: 1.5, py: 1, border: '1px dashed #607d8b', borderRadius: 2, bgcolor: 'background.paper', width: 210 }}>
        <Typography variant="body2">{translate('WORKFLOW.Editor.AnyState')}</Typography>
        <Handle type="source" position={Position.Bottom} />
      </Box>
    );
  return (
    <Box
      data-testid={`state-${state.key}`}
      data-problem={problems.length ? problems.map((problem) => problem.kind).join(' ') : undefined}
      data-mark={mark}
      sx={{ px: 1.5, py: 1, border: `2px solid ${border}`, borderStyle: mark === 'removed' ? 'dashed' : 'solid', borderRadius: 2, bgcolor: data.simulated ? '#e3f2fd' : 'background.paper', width: 210 }}
    >
      <Handle type="target" position={Position.Top} />
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={data.label}>
        {data.label}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {state.key}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        {state.initial && <Chip size="small" color="primary" label={translate('WORKFLOW.Editor.Initial')} />}
        {state.final && <Chip size="small" label={translate('WORKFLOW.Editor.Final')} />}
        {state.task && <Chip size="small" variant="outlined" label={`${state.task.taskKey}: ${state.task.roles.join(', ')}`} />}
        {data.escalationDays !== undefined && <Chip size="small" color="warning" variant="outlined" label={translate('WORKFLOW.Editor.EscalationDays', { days: data.escalationDays })} />}
        {problems.map((problem) => (
          <Chip key={problem.kind} size="small" color="error" label={translate(`WORKFLOW.Editor.Checks.${problem.kind}`)} />
        ))}
      </Stack>
      <Handle type="source" position={Position.Bottom} />
    </Box>
  );
}
