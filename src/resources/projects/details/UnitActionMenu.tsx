import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { showEditActions } from '../../../domain/projectUnits';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { CreateUnitDialog } from './CreateUnitDialog';
import { EditUnitDialog } from './EditUnitDialog';
import { InfoDialog } from './InfoDialog';
import { detailsPath, useRefreshUnit, type UnitPageContext } from './projectQueries';
import { unitTypeKey } from './unitLabels';
import { PROJECTS_RESOURCE } from '../../../domain/resources';

type Open = 'create' | 'edit' | 'delete' | 'not-allowed' | null;

/** The action menu of the current unit: new unit, edit, delete (each as the rules allow). */
export function UnitActionMenu({ context, creating, onCreatingChange }: { context: UnitPageContext; creating: boolean; onCreatingChange: (open: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshUnit();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const { unit, root } = context;
  const isRoot = unit.id === root.id;
  const editActions = showEditActions(context.features);
  const canCreateSome = context.allowedChildTypes.some((type) => context.can.create[type]?.allowed);
  const typeLabel = translate(unitTypeKey(unit.projectUnitType));

  const choose = (what: Open) => {
    setAnchor(null);
    if (what === 'delete' && !context.can.delete.allowed) setOpen('not-allowed');
    else if (what === 'create') onCreatingChange(true);
    else setOpen(what);
  };

  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    try {
      await dataProvider.delete(PROJECTS_RESOURCE, { id: unit.id, previousData: unit });
      setOpen(null);
      notify('PROJECTUNIT.Deleted', { type: 'success', messageArgs: { type: typeLabel, title: unit.title } });
      const parent = context.path[context.path.length - 2] ?? root;
      await refresh();
      navigate(detailsPath(parent));
    } catch (error) {
      setOpen(null);
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const items = [
    canCreateSome && (
      <MenuItem key="create" onClick={() => choose('create')}>
        <ListItemIcon><AddIcon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate('PROJECTUNIT.NewUnit')}</ListItemText>
      </MenuItem>
    ),
    editActions && context.can.edit.allowed && (
      <MenuItem key="edit" onClick={() => choose('edit')}>
        <ListItemIcon><EditIcon fontSize="small" /></ListItemIcon>
        <ListItemText>{translate('COMMON.Edit')}</ListItemText>
      </MenuItem>
    ),
    // Always offered below the root: when the rules refuse, the info dialog says why (items first, state, files …).
    editActions && !isRoot && (
      <MenuItem key="delete" onClick={() => choose('delete')}>
        <ListItemIcon><DeleteIcon fontSize="small" color="error" /></ListItemIcon>
        <ListItemText>{translate('COMMON.Delete')}</ListItemText>
      </MenuItem>
    ),
  ].filter(Boolean);

  return (
    <>
      {items.length > 0 && (
        <Button variant="outlined" endIcon={<MoreVertIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" data-testid="unit-actions">
          {translate('PROJECTUNIT.Actions')}
        </Button>
      )}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items}
      </Menu>
      {creating && <CreateUnitDialog context={context} onClose={() => onCreatingChange(false)} />}
      {open === 'edit' && <EditUnitDialog unit={unit} onClose={() => setOpen(null)} />}
      <Confirm
        isOpen={open === 'delete'}
        loading={deleting}
        title="PROJECTUNIT.DeleteTitle"
        content="PROJECTUNIT.DeleteQuestion"
        translateOptions={{ title: unit.title, type: typeLabel }}
        confirm="COMMON.Ok"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(null)}
      />
      {open === 'not-allowed' && !context.can.delete.allowed && (
        <InfoDialog
          title={translate('PROJECTUNIT.CannotDeleteTitle', { type: typeLabel })}
          message={translate(context.can.delete.reason)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
