import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { gridCell } from './useGridKeyboard';

export interface RowActionsProps {
  rowKey: string;
  /** The position shown in the row (labels: "Save row 3"). */
  pos: number;
  /** Grid row and column of the save / delete button (the undo button takes the next column). */
  row: number;
  column: number;
  canSave: boolean;
  canDelete: boolean;
  canRevert: boolean;
  saving: boolean;
  onSave: (key: string) => void;
  onDelete: (key: string) => void;
  onRevert: (key: string) => void;
}

/**
 * The actions of an order row (spec §4): the save check when dirty and valid, delete when clean and saved,
 * undo while dirty. Save and delete are cells of the keyboard grid, so Tab reaches them.
 */
export function RowActions({ rowKey, pos, row, column, canSave, canDelete, canRevert, saving, onSave, onDelete, onRevert }: RowActionsProps) {
  const translate = useTranslate();
  if (saving) return <CircularProgress size={18} aria-label={translate('ra.message.loading', { _: '…' })} sx={{ m: 0.75 }} />;
  const save = translate('ORDERS.SaveRow', { pos });
  const remove = translate('ORDERS.DeleteRow', { pos });
  const revert = translate('ORDERS.RevertRow', { pos });
  return (
    <>
      {canSave && (
        <Tooltip title={save}>
          <IconButton size="small" color="success" aria-label={save} onClick={() => onSave(rowKey)} data-testid="row-save" {...gridCell(row, column)}>
            <CheckIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={remove}>
          <IconButton size="small" aria-label={remove} onClick={() => onDelete(rowKey)} data-testid="row-delete" {...gridCell(row, column)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canRevert && (
        <Tooltip title={revert}>
          <IconButton size="small" aria-label={revert} onClick={() => onRevert(rowKey)} data-testid="row-revert" {...gridCell(row, column + 1)}>
            <UndoIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
