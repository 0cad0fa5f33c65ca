import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ClearIcon from '@mui/icons-material/Clear';
import CropPortraitIcon from '@mui/icons-material/CropPortrait';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LayersIcon from '@mui/icons-material/Layers';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Collapse, IconButton, InputAdornment, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ViewerFloor, ViewerModel, ViewerWall } from '../../../domain/viewerModel';
import { floorKey, treeKeyAction, visibleRows, wallKey, type TreeRow } from './treeKeyboard';
import { HIGHLIGHT_COLOR } from './viewerColors';
import { filterTree, formatElevation, type ViewerSelection } from './viewerSelection';

interface ModelTreeProps {
  model: ViewerModel;
  selection: ViewerSelection;
  /** Walls drawn in the highlight colour (marked in the tree too). */
  highlighted: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  onToggle: (floorId: number) => void;
  onSelect: (selection: ViewerSelection) => void;
}

const selectionKey = (selection: ViewerSelection) => (selection ? (selection.kind === 'floor' ? floorKey(selection.id) : wallKey(selection.id)) : null);

/**
 * The model's floors and walls as a keyboard-accessible tree (WAI-ARIA tree pattern, one tab stop), with a
 * search that narrows the walls by name. The chosen row scrolls into view when the 3D view picks it.
 */
export function ModelTree({ model, selection, highlighted, expanded, onToggle, onSelect }: ModelTreeProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [query, setQuery] = useState('');
  const floors = useMemo(() => filterTree(model, query), [model, query]);
  const searching = query.trim() !== '';
  const rows = useMemo(() => visibleRows(floors, expanded, searching), [floors, expanded, searching]);
  const chosenKey = selectionKey(selection);
  const [focusKey, setFocusKey] = useState<string | null>(chosenKey);
  const rowRefs = useRef(new Map<string, HTMLElement>());
  const tabStop = rows.some((row) => row.key === focusKey) ? focusKey : (chosenKey && rows.some((row) => row.key === chosenKey) ? chosenKey : rows[0]?.key);
  const wallCount = model.children.reduce((sum, floor) => sum + floor.children.length, 0);

  // A pick in the 3D view: the row becomes the tab stop and scrolls into view (after its floor has opened);
  // a search that hides the picked wall is cleared.
  useEffect(() => {
    if (!chosenKey) return;
    setFocusKey(chosenKey);
    if (!rows.some((row) => row.key === chosenKey)) setQuery('');
    const frame = requestAnimationFrame(() => rowRefs.current.get(chosenKey)?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [chosenKey, expanded]);

  const focusRow = (key: string) => {
    setFocusKey(key);
    rowRefs.current.get(key)?.focus();
  };
  const choose = (row: TreeRow) => onSelect({ kind: row.kind, id: row.id });
  const onKeyDown = (event: KeyboardEvent, row: TreeRow) => {
    const action = treeKeyAction(rows, row.key, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') focusRow(action.key);
    else if (action.type === 'toggle') onToggle(action.floorId);
    else choose(action.row);
  };
  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) rowRefs.current.set(key, element);
    else rowRefs.current.delete(key);
  };

  const floorRow = (floor: ViewerFloor, walls: ViewerWall[]) => {
    const row = rows.find((entry) => entry.key === floorKey(floor.id)) as Extract<TreeRow, { kind: 'floor' }>;
    const open = row.expanded;
    return (
      <Box component="li" key={floor.id} role="none" sx={{ listStyle: 'none' }}>
        <ListItemButton
          ref={register(row.key)}
          role="treeitem"
          aria-level={1}
          aria-expanded={open}
          aria-selected={chosenKey === row.key}
          selected={chosenKey === row.key}
          tabIndex={tabStop === row.key ? 0 : -1}
          onFocus={() => setFocusKey(row.key)}
          onKeyDown={(event) => onKeyDown(event, row)}
          onClick={() => {
            choose(row);
            if (!open) onToggle(floor.id);
          }}
          data-testid={`tree-floor-${floor.name}`}
          sx={{ py: 0.5, pl: 0.5, borderRadius: 1 }}
        >
          <Box
            component="span"
            aria-hidden
            onClick={(event) => {
              event.stopPropagation();
              onToggle(floor.id);
            }}
            data-testid={`tree-toggle-${floor.name}`}
            sx={{ display: 'flex', p: 0.25, mr: 0.25, borderRadius: '50%', color: 'text.secondary', '&:hover': { bgcolor: 'action.hover' } }}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </Box>
          <LayersIcon fontSize="small" color="primary" sx={{ mr: 1 }} />
          <ListItemText
            primary={floor.name}
            secondary={formatElevation(floor.elevation, locale)}
            slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 }, noWrap: true }, secondary: { variant: 'caption' } }}
            sx={{ my: 0, minWidth: 0 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
            {translate('VIEWER.Tree.Walls', { smart_count: floor.children.length })}
          </Typography>
        </ListItemButton>
        <Collapse in={open} timeout={150} unmountOnExit>
          <List disablePadding role="group">
            {walls.map((wall) => wallRow(wall, floor.id))}
          </List>
        </Collapse>
      </Box>
    );
  };

  const wallRow = (wall: ViewerWall, floorId: number) => {
    const row: TreeRow = { key: wallKey(wall.id), kind: 'wall', id: wall.id, floorId };
    const marked = highlighted.has(wall.id);
    return (
      <Box component="li" key={wall.id} role="none" sx={{ listStyle: 'none' }}>
        <ListItemButton
          ref={register(row.key)}
          role="treeitem"
          aria-level={2}
          aria-selected={chosenKey === row.key}
          selected={chosenKey === row.key}
          tabIndex={tabStop === row.key ? 0 : -1}
          onFocus={() => setFocusKey(row.key)}
          onKeyDown={(event) => onKeyDown(event, row)}
          onClick={() => choose(row)}
          title={wall.globalId}
          data-testid={`tree-wall-${wall.name}`}
          sx={{ py: 0.25, pl: 5, borderRadius: 1, position: 'relative' }}
        >
          {marked && <Box aria-hidden sx={{ position: 'absolute', left: 30, top: 8, bottom: 8, width: 3, borderRadius: 2, bgcolor: HIGHLIGHT_COLOR }} />}
          <CropPortraitIcon fontSize="small" sx={{ mr: 1, color: marked ? HIGHLIGHT_COLOR : 'text.secondary' }} />
          <ListItemText primary={wall.name} slotProps={{ primary: { variant: 'body2', noWrap: true } }} sx={{ my: 0.25, minWidth: 0 }} />
        </ListItemButton>
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle2" noWrap title={model.name}>
          {translate('VIEWER.Tree.Title')}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="tree-counts">
          {translate('VIEWER.Tree.Floors', { smart_count: model.children.length })} · {translate('VIEWER.Tree.Walls', { smart_count: wallCount })}
        </Typography>
        <TextField
          size="small"
          fullWidth
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={translate('VIEWER.Tree.Search')}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': translate('VIEWER.Tree.Search'), 'data-testid': 'tree-search', maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: query ? (
                <InputAdornment position="end">
                  <IconButton size="small" edge="end" onClick={() => setQuery('')} aria-label={translate('VIEWER.Tree.ClearSearch')}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1, pb: 1 }}>
        {floors.length ? (
          <List dense disablePadding role="tree" aria-label={translate('VIEWER.Tree.Label')} data-testid="model-tree">
            {floors.map(({ floor, walls }) => floorRow(floor, walls))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }} data-testid="tree-empty">
            {translate(searching ? 'VIEWER.Tree.NoMatch' : 'VIEWER.Tree.Empty', { query: query.trim() })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
