import { Box, Skeleton, Table, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslate } from 'react-admin';
import type { AacProduct } from '../../../../domain/catalogue';
import { ORDER_SKELETON_ROWS, type AacOrderItem } from '../../../../domain/orders';
import { OrderGridStyles } from '../OrderGridStyles';
import { ORDER_GRID_CLASS } from '../orderTableSx';
import { useGridKeyboard } from '../useGridKeyboard';
import { AacOrderRow, type AacOrderRowProps } from './AacOrderRow';
import { AacReadOnlyRow } from './AacReadOnlyRow';
import { AAC_COLUMNS, activeAacProducts, visibleReadOnlyItems, type AacDraft } from './aacRows';

// Room and storey share the width that is left; the other columns keep theirs.
const HEADERS: { key: string; width?: number; num?: boolean; hidden?: boolean }[] = [
  { key: 'ORDERS.Pos', width: 56 },
  { key: 'ORDERS.Room', width: 0 },
  { key: 'ORDERS.Storey', width: 0 },
  { key: 'ORDERS.Article', width: 190 },
  { key: 'ORDERS.Thickness', width: 122, num: true },
  { key: 'ORDERS.Width', width: 108, num: true },
  { key: 'ORDERS.Length', width: 116, num: true },
  { key: 'ORDERS.Qty', width: 92, num: true },
  { key: 'ORDERS.Pallets', width: 80, num: true },
  { key: 'ORDERS.Actions', width: 92, hidden: true },
];

export interface AacOrderTableProps extends Pick<AacOrderRowProps, 'onChange' | 'onRevert'> {
  loading: boolean;
  editable: boolean;
  drafts: readonly AacDraft[];
  /** The saved items (read-only view). */
  items: readonly AacOrderItem[];
  products: readonly AacProduct[];
  /** Saves a row; answers whether it was saved. */
  onSave: (key: string) => Promise<boolean>;
  /** Deletes a saved row; answers whether it was deleted. */
  onDelete: (key: string) => Promise<boolean>;
}

/** The AAC order table: skeleton rows while loading, editable rows with spreadsheet keys, or read-only text. */
export function AacOrderTable({ loading, editable, drafts, items, products, onChange, onSave, onDelete, onRevert }: AacOrderTableProps) {
  const translate = useTranslate();
  const choices = useMemo(() => activeAacProducts(products), [products]);

  // Enter in the new row's quantity (or on its save button) saves it and moves on to the fresh row.
  const { gridProps, focusCell } = useGridKeyboard({
    onEnterAtEnd: (row, col) => {
      const draft = drafts[row];
      if (!draft || draft.item || col < AAC_COLUMNS.qty) return false;
      void onSave(draft.key).then((saved) => saved && focusCell(row + 1, AAC_COLUMNS.sublotName));
      return true;
    },
  });
  const save = useCallback((key: string) => void onSave(key), [onSave]);
  // After a delete the focus stays in the grid: the room cell of the row that took the deleted one's place.
  // The rows are read through a ref, so the callback (a prop of every memoised row) stays the same.
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);
  const remove = useCallback(
    (key: string) => {
      const row = draftsRef.current.findIndex((draft) => draft.key === key);
      void onDelete(key).then((deleted) => deleted && focusCell(row, AAC_COLUMNS.sublotName));
    },
    [onDelete, focusCell],
  );
  const readOnlyItems = useMemo(() => (editable ? [] : visibleReadOnlyItems(items)), [editable, items]);

  let body;
  if (loading)
    body = Array.from({ length: ORDER_SKELETON_ROWS }, (_, row) => (
      <tr key={row} role="row" data-testid="order-skeleton-row">
        {HEADERS.map((header) => (
          <td key={header.key} role="cell">
            <Skeleton variant="text" sx={{ mx: 0.5 }} />
          </td>
        ))}
      </tr>
    ));
  else if (editable)
    body = drafts.map((draft, index) => (
      <AacOrderRow key={draft.key} draft={draft} index={index} products={products} choices={choices} onChange={onChange} onSave={save} onDelete={remove} onRevert={onRevert} />
    ));
  else if (readOnlyItems.length) body = readOnlyItems.map((item) => <AacReadOnlyRow key={item.id} item={item} products={products} />);
  else
    body = (
      <tr role="row">
        <td colSpan={HEADERS.length} role="cell" className="text full">
          <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {translate('ORDERS.EmptyReadOnly')}
          </Typography>
        </td>
      </tr>
    );

  // Only the body changes while typing: the head is the same element, the look one global rule.
  const head = useMemo(
    () => (
      <TableHead role="rowgroup">
        <TableRow role="row">
          {HEADERS.map((header) => (
            <TableCell key={header.key} role="columnheader" className={header.num ? 'num' : undefined}>
              {header.hidden ? <span style={visuallyHidden}>{translate(header.key)}</span> : translate(header.key)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
    ),
    [translate],
  );

  return (
    <Box>
      <OrderGridStyles />
      <TableContainer style={{ maxHeight: '70vh' }}>
        <Table size="small" role="table" className={ORDER_GRID_CLASS} style={GRID_STYLE} aria-label={translate('ORDERS.AacTitle')} data-testid="aac-table" aria-busy={loading}>
          {head}
          <tbody role="rowgroup" {...gridProps}>
            {body}
          </tbody>
        </Table>
      </TableContainer>
      {editable && !loading && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
          {drafts.every((draft) => !draft.item && !draft.dirty) && `${translate('ORDERS.Empty')} `}
          {translate('ORDERS.KeyboardHint')}
        </Typography>
      )}
    </Box>
  );
}

/** The grid's columns (orderGridCss): fixed widths, room and storey share the rest. */
const GRID_STYLE = {
  minWidth: 1000,
  '--order-columns': HEADERS.map((header) => (header.width ? `${header.width}px` : 'minmax(90px, 1fr)')).join(' '),
} as CSSProperties;

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
