import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { CircularProgress, IconButton, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { LintelProduct } from '../../../../domain/catalogue';
import { lintelHeights, lintelLengths, lintelProductsFor, withHeight, withLength, withProduct, withThickness } from '../../../../domain/orders';
import { rowStatus, showDeleteAction, showSaveAction } from '../orderRows';
import { InputCell, LintelTypeLabel, SelectCell, type SelectOption } from './LintelCells';
import { lintelRowSx } from './lintelColours';
import { CASCADE_FIELDS, lintelValueProblems, shownProblems, type LintelDraft, type LintelField, type LintelRowValues } from './lintelRows';
import { ChangedMeanwhileMark } from '../ChangedMeanwhileMark';

export interface LintelRowEditorProps {
  draft: LintelDraft;
  /** The row's index in the grid (keyboard navigation and test ids). */
  index: number;
  products: LintelProduct[];
  thicknessOptions: SelectOption[];
  onChange: (key: string, patch: Partial<LintelRowValues>, fields: LintelField[]) => void;
  onSave: (key: string) => void;
  onDelete: (key: string) => void;
  onRevert: (key: string) => void;
}

/** Millimetre choices; a saved row's value stays listed even when the catalogue no longer offers it. */
const mmOptions = (values: number[], current: number | null): SelectOption[] =>
  [...new Set(current === null ? values : [...values, current])].sort((a, b) => a - b).map((value) => ({ value, label: String(value) }));

/** One editable row: the cascade thickness → length → height → article runs through the domain functions. */
export const LintelRowEditor = memo(function LintelRowEditor({ draft, index, products, thicknessOptions, onChange, onSave, onDelete, onRevert }: LintelRowEditorProps) {
  const translate = useTranslate();
  const { key, values } = draft;
  const lengths = useMemo(() => mmOptions(lintelLengths(products, values.thickness), values.length), [products, values.thickness, values.length]);
  const heights = useMemo(() => mmOptions(lintelHeights(products, values.thickness, values.length), values.height), [products, values.thickness, values.length, values.height]);
  const articles = useMemo(() => {
    const offered = lintelProductsFor(products, values).sort((a, b) => a.length - b.length || a.height - b.height || a.itemNo.localeCompare(b.itemNo));
    const current = products.find((product) => product.id === values.productID);
    const list = current && !offered.includes(current) ? [current, ...offered] : offered;
    return list.map((product) => {
      const label = `${product.title} · ${product.itemNo}`;
      return { value: product.id, label: product.active ? label : translate('ORDERS.Inactive', { product: label }) };
    });
  }, [products, values, translate]);

  const problems = useMemo(() => lintelValueProblems(values, products), [values, products]);
  const shown = shownProblems(draft, problems);
  const problemAt = (field: LintelField | '') => {
    const problem = shown[field];
    return problem && ('text' in problem ? problem.text : translate(problem.key, { _: problem.key, ...problem.params }));
  };
  const pos = values.itemIndex;
  const saveable = showSaveAction(draft, problems.length === 0);
  const testId = (name: string) => `lintel-${name}-${index}`;
  const cascade = (next: LintelRowValues) => onChange(key, next, CASCADE_FIELDS);

  return (
    <TableRow data-testid="lintel-row" data-state={rowStatus(draft)} data-type={values.lintelType ?? ''} sx={lintelRowSx(values.lintelType)}>
      <TableCell
        align="right"
        sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', boxShadow: (theme) => (draft.dirty ? `inset 3px 0 0 ${theme.palette.secondary.main}` : 'none') }}
        title={draft.dirty ? translate('ORDERS.Unsaved') : draft.item ? undefined : translate('ORDERS.NewRow')}
      >
        {pos}
      </TableCell>
      <InputCell row={index} column="sublotName" label={translate('ORDERS.Room')} value={values.sublotName} problem={problemAt('sublotName')} testId={testId('room')} onChange={(text) => onChange(key, { sublotName: text }, ['sublotName'])} />
      <InputCell row={index} column="floorName" label={translate('ORDERS.Storey')} value={values.floorName} problem={problemAt('floorName')} testId={testId('storey')} onChange={(text) => onChange(key, { floorName: text }, ['floorName'])} />
      <SelectCell row={index} column="thickness" label={translate('ORDERS.Thickness')} value={values.thickness} options={thicknessOptions} problem={problemAt('thickness')} testId={testId('thickness')} onChange={(value) => cascade(withThickness(values, value))} />
      <SelectCell
        row={index}
        column="length"
        label={translate('ORDERS.Length')}
        value={values.length}
        options={lengths}
        disabled={values.thickness === null}
        problem={problemAt('length')}
        testId={testId('length')}
        onChange={(value) => cascade(withLength(values, value))}
      />
      <SelectCell
        row={index}
        column="height"
        label={translate('ORDERS.Height')}
        value={values.height}
        options={heights}
        disabled={values.length === null}
        problem={problemAt('height')}
        testId={testId('height')}
        onChange={(value) => cascade(withHeight(values, value, products))}
      />
      <SelectCell
        row={index}
        column="productID"
        label={translate('ORDERS.Article')}
        value={values.productID}
        options={articles}
        disabled={values.height === null}
        problem={problemAt('productID') ?? problemAt('')}
        testId={testId('article')}
        onChange={(value) => cascade(withProduct(values, value, products))}
      />
      <TableCell>
        <LintelTypeLabel type={values.lintelType} hasCut={values.hasCut} testId={testId('type')} />
      </TableCell>
      <InputCell row={index} column="qty" type="number" label={translate('ORDERS.Qty')} value={values.qty} problem={problemAt('qty')} testId={testId('qty')} onChange={(text) => onChange(key, { qty: text }, ['qty'])} />
      <TableCell sx={{ whiteSpace: 'nowrap', py: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', minHeight: 34 }}>
          {draft.changedMeanwhile && <ChangedMeanwhileMark pos={pos} deleted={draft.changedMeanwhile === 'deleted'} />}
          {draft.saving ? (
            <CircularProgress size={18} sx={{ mx: 1 }} aria-label={translate('ra.page.loading')} />
          ) : (
            <>
              {saveable && (
                <Tooltip title={translate('ORDERS.SaveRow', { pos })}>
                  <IconButton size="small" color="primary" onClick={() => onSave(key)} aria-label={translate('ORDERS.SaveRow', { pos })} data-testid={testId('save')}>
                    <CheckIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {draft.dirty && (
                <Tooltip title={translate('ORDERS.RevertRow', { pos })}>
                  <IconButton size="small" onClick={() => onRevert(key)} aria-label={translate('ORDERS.RevertRow', { pos })} data-testid={testId('revert')}>
                    <UndoIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {showDeleteAction(draft) && (
                <Tooltip title={translate('ORDERS.DeleteRow', { pos })}>
                  <IconButton size="small" onClick={() => onDelete(key)} aria-label={translate('ORDERS.DeleteRow', { pos })} data-testid={testId('delete')}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
});
