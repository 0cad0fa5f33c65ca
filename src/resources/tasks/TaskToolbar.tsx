import GridViewIcon from '@mui/icons-material/GridView';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Button, CircularProgress, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ListStyle } from '../../domain/projectLists';
import { TASK_SEARCH_MAX } from '../../domain/tasks';

interface TaskToolbarProps {
  count: number | undefined;
  style: ListStyle;
  /** The grid is offered on wider screens only. */
  canChoose: boolean;
  onStyle: (style: ListStyle) => void;
  /** The search text (number, unit or project title), searched by the server. */
  search: string;
  onSearch: (text: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Above the list: how many tasks there are, a search, table or grid, and a refresh. */
export function TaskToolbar({ count, style, canChoose, onStyle, search, onSearch, refreshing, onRefresh }: TaskToolbarProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', minHeight: 40, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value.slice(0, TASK_SEARCH_MAX))}
        placeholder={translate('TASKS.Search')}
        slotProps={{
          htmlInput: { 'aria-label': translate('TASKS.Search'), maxLength: TASK_SEARCH_MAX, 'data-testid': 'task-search' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
        sx={{ bgcolor: 'background.paper', width: { xs: '100%', sm: 280 } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="task-count">
        {count === undefined ? '' : `${translate('TASKS.Count', { smart_count: count })}${count > 1 ? ` · ${translate('TASKS.Newest')}` : ''}`}
      </Typography>
      {canChoose && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={style}
          onChange={(_event, value: ListStyle | null) => value && onStyle(value)}
          aria-label={translate('TASKS.View.Label')}
          sx={{ bgcolor: 'background.paper' }}
        >
          <ToggleButton value="table" aria-label={translate('TASKS.View.Table')}>
            <Tooltip title={translate('TASKS.View.Table')}>
              <ViewListIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="grid" aria-label={translate('TASKS.View.Grid')}>
            <Tooltip title={translate('TASKS.View.Grid')}>
              <GridViewIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={onRefresh}
        disabled={refreshing}
        startIcon={refreshing ? <CircularProgress size={16} /> : <RefreshIcon />}
        sx={{ bgcolor: 'background.paper' }}
      >
        {translate('TASKS.Refresh')}
      </Button>
    </Stack>
  );
}
