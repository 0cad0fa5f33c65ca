import GridViewIcon from '@mui/icons-material/GridView';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Button, CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ListStyle } from '../../domain/projectLists';

interface TaskToolbarProps {
  count: number | undefined;
  style: ListStyle;
  /** The grid is offered on wider screens only. */
  canChoose: boolean;
  onStyle: (style: ListStyle) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Above the list: how many tasks there are, table or grid, and a refresh. */
export function TaskToolbar({ count, style, canChoose, onStyle, refreshing, onRefresh }: TaskToolbarProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
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
