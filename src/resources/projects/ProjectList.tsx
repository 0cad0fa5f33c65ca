import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import GridViewIcon from '@mui/icons-material/GridView';
import RefreshIcon from '@mui/icons-material/Refresh';
import TableRowsIcon from '@mui/icons-material/TableRows';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlined';
import { Alert, Box, Card, IconButton, LinearProgress, Stack, TablePagination, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { lastPage, parsePageParam, PROJECT_LIST_SORT, type ListStyle, type ProjectListKind } from '../../domain/projectLists';
import type { ProjectUnit } from '../../domain/projectUnits';
import { LIST_PAGE_SIZES } from '../../domain/tasks';
import { EmptyState } from '../../layout/EmptyState';
import { NewRootProjectButton } from '../../components/NewRootProjectButton';
import { useListStyle, useStoredPageSize } from '../../layout/listPreferences';
import { ProjectGrid } from './ProjectGrid';
import { ProjectTable } from './ProjectTable';
import { PROJECTS_RESOURCE } from '../../domain/resources';

const TEXTS: Record<ProjectListKind, { title: string; emptyTitle: string; empty: string }> = {
  current: { title: 'LISTS.Current.Title', emptyTitle: 'LISTS.Current.EmptyTitle', empty: 'LISTS.Current.Empty' },
  closed: { title: 'LISTS.Closed.Title', emptyTitle: 'LISTS.Closed.EmptyTitle', empty: 'LISTS.Closed.Empty' },
};

/** The zero-based `page` query parameter, kept in sync with the paginator (deep links, browser history). */
function usePageParam(): [number, (page: number, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const setPage = (next: number, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(next));
        return copy;
      },
      { replace },
    );
  return [page, setPage];
}

function ViewToggle({ style, onChange }: { style: ListStyle; onChange: (style: ListStyle) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup size="small" exclusive value={style} onChange={(_event, value: ListStyle | null) => value && onChange(value)} aria-label={translate('LISTS.View.Label')}>
      <ToggleButton value="table" aria-label={translate('LISTS.View.Table')}>
        <Tooltip title={translate('LISTS.View.Table')}>
          <TableRowsIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
      <ToggleButton value="grid" aria-label={translate('LISTS.View.Grid')}>
        <Tooltip title={translate('LISTS.View.Grid')}>
          <GridViewIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/**
 * The project resource's list: home/app/current-projects-list and home/app/closed-projects-list (the state filter),
 * the user's root projects, newest state first.
 */
export default function ProjectList({ kind }: { kind: ProjectListKind }) {
  const translate = useTranslate();
  const texts = TEXTS[kind];
  const [page, setPage] = usePageParam();
  const [perPage, setPerPage] = useStoredPageSize();
  const { style, canChoose, setStyle } = useListStyle();
  const { data, total, isPending, isFetching, error, refetch } = useGetList<ProjectUnit>(
    PROJECTS_RESOURCE,
    { pagination: { page: page + 1, perPage }, sort: PROJECT_LIST_SORT, filter: { state: kind } },
    { placeholderData: keepPreviousData, refetchOnMount: 'always' },
  );

  // A page beyond the last one (an old link, or projects closed meanwhile) shows the last page instead.
  const last = total === undefined ? page : lastPage(total, perPage);
  useEffect(() => {
    if (!isPending && page > last) setPage(last, true);
  }, [isPending, page, last]);

  const projects = data ?? [];
  return (
    <Box sx={{ mt: 1, maxWidth: 1400 }}>
      <Title title={texts.title} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate(texts.title)}
        </Typography>
        {kind === 'current' && <NewRootProjectButton variant="contained" />}
        {canChoose && <ViewToggle style={style} onChange={setStyle} />}
        <Tooltip title={translate('ra.action.refresh')}>
          <span>
            <IconButton onClick={() => void refetch()} disabled={isFetching} aria-label={translate('ra.action.refresh')}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {error ? (
        <Alert severity="error">{translate('LISTS.LoadFailed')}</Alert>
      ) : isPending ? (
        <LinearProgress />
      ) : !total ? (
        <EmptyState
          testId="projects-empty"
          icon={kind === 'current' ? <WorkOutlineIcon /> : <FolderOffOutlinedIcon />}
          title={translate(texts.emptyTitle)}
          text={translate(texts.empty)}
        />
      ) : (
        <Card>
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
          {style === 'grid' ? <ProjectGrid projects={projects} /> : <ProjectTable projects={projects} />}
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, last)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...LIST_PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        </Card>
      )}
    </Box>
  );
}
