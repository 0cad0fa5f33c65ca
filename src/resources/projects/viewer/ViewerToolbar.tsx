import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import FilterCenterFocusIcon from '@mui/icons-material/FilterCenterFocus';
import OpacityIcon from '@mui/icons-material/Opacity';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Divider, IconButton, Paper, ToggleButton, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

interface ViewerToolbarProps {
  canIsolate: boolean;
  isolated: boolean;
  ghostOthers: boolean;
  onFit: () => void;
  onIsolate: () => void;
  onShowAll: () => void;
  onGhostChange: (ghost: boolean) => void;
}

/** A tooltip that also works on a disabled button (MUI needs a wrapper element for that). */
function Tip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Tooltip title={title} placement="bottom">
      <span>{children}</span>
    </Tooltip>
  );
}

/** The tools over the 3D view: fit, isolate the selection's floor, show all, ghost the other walls. */
export function ViewerToolbar({ canIsolate, isolated, ghostOthers, onFit, onIsolate, onShowAll, onGhostChange }: ViewerToolbarProps) {
  const translate = useTranslate();
  return (
    <Paper
      elevation={2}
      role="toolbar"
      aria-label={translate('VIEWER.Toolbar.Label')}
      data-testid="viewer-toolbar"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, p: 0.5, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.94)' }}
    >
      <Tip title={translate('VIEWER.Toolbar.Fit')}>
        <IconButton size="small" onClick={onFit} aria-label={translate('VIEWER.Toolbar.Fit')} data-testid="viewer-fit">
          <CenterFocusStrongIcon fontSize="small" />
        </IconButton>
      </Tip>
      <Tip title={translate(canIsolate ? 'VIEWER.Toolbar.Isolate' : 'VIEWER.Toolbar.IsolateHint')}>
        <ToggleButton
          value="isolate"
          size="small"
          selected={isolated}
          disabled={!canIsolate && !isolated}
          onChange={onIsolate}
          aria-label={translate('VIEWER.Toolbar.Isolate')}
          data-testid="viewer-isolate"
          sx={{ border: 0, borderRadius: '50%', p: 0.625 }}
        >
          <FilterCenterFocusIcon fontSize="small" />
        </ToggleButton>
      </Tip>
      <Tip title={translate('VIEWER.Toolbar.ShowAll')}>
        <IconButton size="small" onClick={onShowAll} disabled={!isolated} aria-label={translate('VIEWER.Toolbar.ShowAll')} data-testid="viewer-show-all">
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tip>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.25 }} />
      <Tip title={translate('VIEWER.Toolbar.Ghost')}>
        <ToggleButton
          value="ghost"
          size="small"
          selected={ghostOthers}
          onChange={() => onGhostChange(!ghostOthers)}
          aria-label={translate('VIEWER.Toolbar.Ghost')}
          data-testid="viewer-ghost"
          sx={{ border: 0, borderRadius: '50%', p: 0.625 }}
        >
          <OpacityIcon fontSize="small" />
        </ToggleButton>
      </Tip>
    </Paper>
  );
}
