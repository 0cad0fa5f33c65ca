import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, LinearProgress, Stack, TablePagination, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
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
import { useTasks } from './tasksApi';

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

/** home/app/task-list: the caller's open tasks as a table or a grid, paged in the browser. */
export default function TaskListPage() {
  const translate = useTranslate();
  const tasks = useTasks();
  const { style, canChoose, setStyle } = useListStyle();
  const [pageSize, setPageSize] = useStoredPageSize();
  const [requestedPage, setPage] = usePageParam();
  const [info, setInfo] = useState<{ task: Task | null; open: boolean }>({ task: null, open: false });
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const all = tasks.data ?? [];
  const last = lastPage(all.length, pageSize);
  const page = Math.min(requestedPage, last);
  const visible = all.slice(page * pageSize, (page + 1) * pageSize);
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
  else if (!all.length) content = <EmptyState icon={<TaskAltIcon />} title={translate('TASKS.NoTasksTitle')} text={translate('TASKS.NoTasks')} testId="tasks-empty" />;
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
            count={all.length}
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
          count={tasks.data?.length}
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
