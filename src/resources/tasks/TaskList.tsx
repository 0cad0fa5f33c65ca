import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, LinearProgress, Stack, TablePagination, Typography, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetList, useTranslate } from 'react-admin';
import { lastPage, parsePageParam } from '../../domain/projectLists';
import { LIST_PAGE_SIZES, type Task } from '../../domain/tasks';
import { EmptyState } from '../../layout/EmptyState';
import { useListStyle, useStoredPageSize } from '../../layout/listPreferences';
import { pageAfterSwipe, useSwipe } from './swipe';
import { TaskGrid } from './TaskGrid';
import { TaskHelpCard } from './TaskHelpCard';
import { TaskInfoDialog } from './TaskInfoDialog';
import { TaskTable } from './TaskTable';
import { TaskToolbar } from './TaskToolbar';
import { TASKS_RESOURCE } from '../names';

/** The page is in the address (`?page=`, zero-based, as the project lists), so back and reload keep it. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 0) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });
  return [page, setPage];
}

/** The server's default order, asked for explicitly: the newest change first. */
const SORT = { field: 'changedOn', order: 'DESC' } as const;

/**
 * home/app/task-list: the task-list resource's list, the caller's open tasks as a table or a grid. The server pages,
 * sorts and counts them (`GET /api/tasks?sort=…&range=…`); only the page shown is loaded.
 */
export default function TaskList() {
  const translate = useTranslate();
  const { style, canChoose, setStyle } = useListStyle();
  const [pageSize, setPageSize] = useStoredPageSize();
  const [requestedPage, setPage] = usePageParam();
  const [known, setKnown] = useState<number | undefined>(undefined);
  // Beyond the last page (an old link, tasks done meanwhile) the last page is shown.
  const page = known === undefined ? requestedPage : Math.min(requestedPage, lastPage(known, pageSize));
  const tasks = useGetList<Task>(TASKS_RESOURCE, { pagination: { page: page + 1, perPage: pageSize }, sort: SORT }, { placeholderData: keepPreviousData });
  if (tasks.total !== undefined && tasks.total !== known) setKnown(tasks.total);
  const [info, setInfo] = useState<{ task: Task | null; open: boolean }>({ task: null, open: false });
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const total = tasks.total ?? 0;
  const last = lastPage(total, pageSize);
  const visible = tasks.data ?? [];
  const swipe = useSwipe((direction) => setPage(pageAfterSwipe(page, last, direction)));
  const openInfo = (task: Task) => setInfo({ task, open: true });

  let content: React.ReactNode;
  if (tasks.isPending) content = <LinearProgress />;
  else if (tasks.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => tasks.refetch()}>
            {translate('TASKS.Retry')}
          </Button>
        }
      >
        {translate('TASKS.LoadFailed')}
      </Alert>
    );
  else if (!total) content = <EmptyState icon={<TaskAltIcon />} title={translate('TASKS.NoTasksTitle')} text={translate('TASKS.NoTasks')} testId="tasks-empty" />;
  else
    content = (
      <Card>
        <Box {...swipe} sx={{ touchAction: 'pan-y', overflowX: 'auto' }} data-testid="task-list">
          {style === 'grid' ? <TaskGrid tasks={visible} onInfo={openInfo} /> : <TaskTable tasks={visible} onInfo={openInfo} />}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pl: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {isPhone && last > 0 ? translate('TASKS.SwipeHint') : ''}
          </Typography>
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...LIST_PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
            sx={{ border: 0 }}
          />
        </Stack>
      </Card>
    );

  return (
    <>
      <Title title="TASKS.Title" />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TaskToolbar
          count={tasks.total}
          style={style}
          canChoose={canChoose}
          onStyle={setStyle}
          refreshing={tasks.isFetching}
          onRefresh={() => tasks.refetch()}
        />
        {content}
        <TaskHelpCard />
      </Stack>
      <TaskInfoDialog task={info.task} open={info.open} onClose={() => setInfo((current) => ({ ...current, open: false }))} />
    </>
  );
}
