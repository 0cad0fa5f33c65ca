import SearchOffIcon from '@mui/icons-material/SearchOff';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, LinearProgress, Stack, TablePagination, Typography, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetList, useTranslate } from 'react-admin';
import { lastPage, parsePageParam } from '../../domain/projectLists';
import { LIST_PAGE_SIZES, TASK_SEARCH_MAX, type Task } from '../../domain/tasks';
import { SEARCH_DEBOUNCE_MS } from '../../domain/search';
import { EmptyState } from '../../layout/EmptyState';
import { useListStyle, useStoredPageSize } from '../../layout/listPreferences';
import { pageAfterSwipe, useSwipe } from './swipe';
import { TaskGrid } from './TaskGrid';
import { TaskHelpCard } from './TaskHelpCard';
import { TaskInfoDialog } from './TaskInfoDialog';
import { TaskTable } from './TaskTable';
import { TaskToolbar } from './TaskToolbar';
import { TASKS_RESOURCE } from '../../domain/resources';

/** The page (`?page=`, zero-based, as the project lists) and the search text (`?q=`) are in the address, so back and reload keep them. */
function useListParams(): { page: number; q: string; setPage: (page: number) => void; setQ: (q: string) => void } {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) copy.set(key, value);
        else copy.delete(key);
      }
      return copy;
    });
  return {
    page: parsePageParam(params.get('page')),
    q: (params.get('q') ?? '').slice(0, TASK_SEARCH_MAX),
    setPage: (next) => update({ page: next > 0 ? String(next) : null }),
    // A new search starts on the first page.
    setQ: (next) => update({ q: next.trim() ? next : null, page: null }),
  };
}

/** The search field's text, handed on to the address once typing pauses; the address's own changes (back) shown. */
function useDebouncedSearch(q: string, setQ: (q: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  const sent = useRef(q);
  const latestSetQ = useRef(setQ);
  useEffect(() => {
    latestSetQ.current = setQ;
  });
  if (q !== shown) {
    setShown(q);
    if (q !== sent.current) setText(q);
  }
  useEffect(() => {
    if (text.trim() === q.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim() ? text : '';
      latestSetQ.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);
  return [text, setText];
}

/** The server's default order, asked for explicitly: the newest change first. */
const SORT = { field: 'changedOn', order: 'DESC' } as const;

/**
 * home/app/task-list: the task-list resource's list, the caller's open tasks as a table or a grid. The server pages,
 * sorts, searches and counts them (`GET /api/tasks?sort=…&range=…&filter={"q":…}`); only the page shown is loaded.
 */
export default function TaskList() {
  const translate = useTranslate();
  const { style, canChoose, setStyle } = useListStyle();
  const [pageSize, setPageSize] = useStoredPageSize();
  const { page: requestedPage, setPage, q, setQ } = useListParams();
  const [searchText, setSearchText] = useDebouncedSearch(q, setQ);
  const [known, setKnown] = useState<number | undefined>(undefined);
  // Beyond the last page (an old link, tasks done meanwhile) the last page is shown.
  const page = known === undefined ? requestedPage : Math.min(requestedPage, lastPage(known, pageSize));
  const tasks = useGetList<Task>(TASKS_RESOURCE, { pagination: { page: page + 1, perPage: pageSize }, sort: SORT, filter: q.trim() ? { q: q.trim() } : {} }, { placeholderData: keepPreviousData });
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
  else if (!total && q.trim()) content = <EmptyState icon={<SearchOffIcon />} title={translate('TASKS.NoMatchTitle')} text={translate('TASKS.NoMatch', { q: q.trim() })} testId="tasks-no-match" />;
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
          search={searchText}
          onSearch={setSearchText}
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
