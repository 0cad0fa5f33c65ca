import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { latestEarliestDate, movedToEarliest } from '../../../domain/deliveryDates';
import { formatDate } from '../../../domain/format';
import type { ProjectUnit } from '../../../domain/projectUnits';
import type { Task } from '../../../domain/tasks';
import { useConflictHandler } from '../../../providers/conflict';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { messagesText } from '../../../providers/http';
import { NEXT_STEPS_MAX, nextStepPath, tooEarlyLotFilter } from './nextSteps';
import { useRefreshUnit, type UnitPageContext } from './projectQueries';
import { PROJECTS_RESOURCE, TASKS_RESOURCE } from '../../../domain/resources';

/** Read again when the user comes back to the window (live updates will keep it current as well). */
const FRESH = { refetchOnWindowFocus: 'always' as const };

/** One task: its title and unit, one click to where it is done (the unit's own task: the tasks card on this page). */
function TaskStep({ task, here }: { task: Task; here: boolean }) {
  const translate = useTranslate();
  const primary = translate(`TASKS.Keys.${task.taskKey}.Title`, { _: task.taskKey });
  const secondary = here ? translate('NEXTSTEPS.ThisPage') : [task.parentUnitTitle, task.unitTitle].filter(Boolean).join(' › ');
  if (here)
    return (
      <ListItem data-testid="next-step" data-unit={task.projectUnitID}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <ChecklistIcon color="secondary" />
        </ListItemIcon>
        <ListItemText primary={primary} secondary={secondary} />
      </ListItem>
    );
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={nextStepPath(task)} data-testid="next-step" data-unit={task.projectUnitID}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <ArrowForwardIcon color="primary" />
        </ListItemIcon>
        <ListItemText primary={primary} secondary={secondary} />
      </ListItemButton>
    </ListItem>
  );
}

/** An approval lot whose dates the rules have overtaken: the fix moves them to the new earliest date, one click. */
function TooEarlyStep({ lot, onFixed }: { lot: ProjectUnit; onFixed: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const handleConflict = useConflictHandler();
  const dataProvider = usePortalDataProvider();
  const [busy, setBusy] = useState(false);
  const target = latestEarliestDate(lot.tooEarlyDates);
  const earliest = new Map(lot.tooEarlyDates.map((date) => [date.type, date.earliestDate]));
  const fix = async () => {
    setBusy(true);
    try {
      const { materials } = await dataProvider.getLotMaterials(lot.id);
      // Only the types the record named move; a row changed meanwhile is refused by the version (409).
      await dataProvider.saveLotMaterials(lot.id, lot.version, movedToEarliest(materials, (type) => earliest.get(type) ?? ''));
      notify('NEXTSTEPS.Moved', { type: 'success', messageArgs: { title: lot.title } });
      onFixed();
    } catch (error) {
      if (!handleConflict(error, onFixed)) notify(messagesText((error as { body?: unknown }).body) ?? (error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const stored = lot.tooEarlyDates.map((date) => formatDate(date.deliveryDate, locale)).join(', ');
  return (
    <ListItem data-testid="too-early-lot" data-unit={lot.id} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <EventBusyIcon color="warning" />
      </ListItemIcon>
      <ListItemText
        sx={{ flex: '1 1 200px' }}
        primary={translate('NEXTSTEPS.TooEarly', { title: lot.title })}
        secondary={translate('NEXTSTEPS.TooEarlyText', { stored, earliest: formatDate(target, locale) })}
      />
      <Button variant="contained" color="warning" size="small" disabled={busy} onClick={fix} data-testid="move-to-earliest">
        {translate('NEXTSTEPS.MoveTo', { date: formatDate(target, locale) })}
      </Button>
    </ListItem>
  );
}

/**
 * "Next steps" on every project page (issue #39): the user's tasks on this unit and the units below it, each one click
 * from where it is done, and approval lots whose delivery dates the rules have overtaken, each fixed in one click.
 * Nothing below: the user's tasks elsewhere in the project. Read again when the window gets the focus back.
 */
export function NextStepsCard({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  const refreshUnit = useRefreshUnit();
  const { unit, root } = context;
  const page = { pagination: { page: 1, perPage: NEXT_STEPS_MAX }, sort: { field: 'changedOn', order: 'ASC' as const } };
  const below = useGetList<Task>(TASKS_RESOURCE, { ...page, filter: { underUnitID: unit.id } }, FRESH);
  const elsewhere = useGetList<Task>(TASKS_RESOURCE, { ...page, filter: { rootProjectUnitID: root.id } }, { ...FRESH, enabled: below.data?.length === 0 && unit.id !== root.id });
  const canFix = !!context.can.materials?.allowed;
  const lotFilter = tooEarlyLotFilter(unit);
  const lots = useGetList<ProjectUnit>(PROJECTS_RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'projectUnitNo', order: 'ASC' }, filter: lotFilter ?? {} }, { ...FRESH, enabled: canFix && !!lotFilter });
  const tooEarly = canFix ? (lotFilter ? (lots.data ?? []) : unit.projectUnitType === 'approvallot' ? [unit] : []).filter((lot) => lot.tooEarlyDates?.length) : [];
  const refetch = () => {
    void refreshUnit();
    void lots.refetch();
  };
  const tasks = below.data ?? [];
  const other = tasks.length ? [] : (elsewhere.data ?? []);
  const loading = below.isPending;
  return (
    <Card data-testid="next-steps-card" component="section" aria-labelledby="next-steps-title">
      <CardHeader id="next-steps-title" title={translate('NEXTSTEPS.Title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 1.5 } }}>
        {tooEarly.length > 0 && (
          <List dense disablePadding aria-label={translate('NEXTSTEPS.TooEarlyList')}>
            {tooEarly.map((lot) => (
              <TooEarlyStep key={lot.id} lot={lot} onFixed={refetch} />
            ))}
          </List>
        )}
        {tasks.length > 0 && (
          <List dense disablePadding aria-label={translate('NEXTSTEPS.Title')}>
            {tasks.map((task) => (
              <TaskStep key={task.id} task={task} here={task.projectUnitID === unit.id} />
            ))}
          </List>
        )}
        {other.length > 0 && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('NEXTSTEPS.Elsewhere')}
            </Typography>
            <List dense disablePadding aria-label={translate('NEXTSTEPS.Elsewhere')}>
              {other.map((task) => (
                <TaskStep key={task.id} task={task} here={false} />
              ))}
            </List>
          </Box>
        )}
        {!loading && !tasks.length && !other.length && !tooEarly.length && (
          <Typography variant="body2" color="text.secondary" data-testid="next-steps-empty">
            {translate('NEXTSTEPS.Nothing')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
