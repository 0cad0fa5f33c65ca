import { Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { LintelProduct } from '../../../../domain/catalogue';
import { lintelThicknesses, ORDER_SKELETON_ROWS } from '../../../../domain/orders';
import { GRID_ROW, useGridKeyboard } from '../useGridKeyboard';
import { LintelTypeLabel } from './LintelCells';
import { lintelRowSx } from './lintelColours';
import { lintelValueProblems, type LintelDraft, type LintelField, type LintelRowValues } from './lintelRows';
import { LintelRowEditor } from './LintelRowEditor';

/** Fixed widths; the article column takes the rest (the table scrolls below about 960 px). */
const HEADERS = [
  { key: 'ORDERS.Pos', width: 48, align: 'right' },
  { key: 'ORDERS.Room', width: 132 },
  { key: 'ORDERS.Storey', width: 80 },
  { key: 'ORDERS.Thickness', width: 92 },
  { key: 'ORDERS.Length', width: 92 },
  { key: 'ORDERS.Height', width: 88 },
  { key: 'ORDERS.Article' },
  { key: 'ORDERS.Lintel.Type', width: 88 },
  { key: 'ORDERS.Qty', width: 80, align: 'right' },
] as const;
const ACTIONS_WIDTH = 96;

const tableSx = {
  tableLayout: 'fixed',
  minWidth: 960,
  '& th': { fontWeight: 600, color: 'text.secondary', lineHeight: 1.25, verticalAlign: 'bottom', px: 1, py: 1, bgcolor: 'background.paper' },
  '& td': { px: 1, py: 0.5, borderRight: 1, borderColor: 'divider' },
  '& td[data-cell]': { p: 0 },
  '& td[data-cell]:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  '& tbody tr td:last-of-type': { borderRight: 0 },
} as const;

export interface LintelOrderTableProps {
  /** Null while loading. */
  drafts: LintelDraft[] | null;
  editable: boolean;
  products: LintelProduct[];
  onChange: (key: string, patch: Partial<LintelRowValues>, fields: LintelField[]) => void;
  onSave: (key: string) => Promise<boolean>;
  onDelete: (key: string) => void;
  onRevert: (key: string) => void;
}

const ReadOnlyRow = memo(function ReadOnlyRow({ row, index, products }: { row: LintelRowValues; index: number; products: LintelProduct[] }) {
  const product = products.find((candidate) => candidate.id === row.productID);
  return (
    <TableRow data-testid="lintel-row" data-state="clean" data-type={row.lintelType ?? ''} sx={lintelRowSx(row.lintelType)}>
      <TableCell align="right" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
        {row.itemIndex}
      </TableCell>
      <TableCell>{row.sublotName}</TableCell>
      <TableCell>{row.floorName}</TableCell>
      <TableCell>{row.thickness}</TableCell>
      <TableCell>{row.length}</TableCell>
      <TableCell>{row.height}</TableCell>
      <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={product ? `${product.title} · ${product.itemNo}` : undefined}>
        {product ? `${product.title} · ${product.itemNo}` : '–'}
      </TableCell>
      <TableCell>
        <LintelTypeLabel type={row.lintelType} hasCut={row.hasCut} testId={`lintel-type-${index}`} />
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`lintel-qty-${index}`}>
        {row.qty}
      </TableCell>
    </TableRow>
  );
});

function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: ORDER_SKELETON_ROWS }, (_, row) => (
        <TableRow key={row} data-testid="lintel-skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/**
 * The lintel order table: a spreadsheet of rows (Tab / Enter / arrows through the shared grid hook; Enter on a
 * changed, valid row saves it). Read-only tables show plain text. `rows` null while loading.
 */
export function LintelOrderTable({ drafts, editable, products, onChange, onSave, onDelete, onRevert }: LintelOrderTableProps) {
  const translate = useTranslate();
  const thicknessOptions = useMemo(() => lintelThicknesses(products).map((value) => ({ value, label: String(value) })), [products]);
  const draftsRef = useRef<LintelDraft[]>([]);
  useEffect(() => {
    draftsRef.current = drafts ?? [];
  }, [drafts]);
  const { gridProps, focusCell } = useGridKeyboard({
    onEnterAtEnd: (gridRow, last) => {
      const draft = draftsRef.current[gridRow];
      if (!last || !draft?.dirty) return false;
      // A saved new row is followed by a fresh row: the cursor moves to its first cell. An invalid row shows its problems.
      void onSave(draft.key).then((saved) => saved && focusCell(gridRow + 1, 0));
      return true;
    },
  });

  /** Enter in a changed row above the last one saves it (when valid) while the hook moves the cursor down. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !event.shiftKey && target.hasAttribute(GRID_ROW)) {
      const gridRow = Number(target.getAttribute(GRID_ROW));
      const draft = draftsRef.current[gridRow];
      if (draft?.dirty && gridRow < draftsRef.current.length - 1 && !lintelValueProblems(draft.values, products).length) void onSave(draft.key);
    }
    gridProps.onKeyDown(event);
  };

  const columns = HEADERS.length + (editable ? 1 : 0);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={tableSx} ref={gridProps.ref as never} onKeyDown={onKeyDown} onFocus={gridProps.onFocus} data-testid="lintel-order-table">
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header.key} sx={{ width: 'width' in header ? header.width : undefined }} align={'align' in header ? header.align : 'left'}>
                {translate(header.key)}
              </TableCell>
            ))}
            {editable && <TableCell sx={{ width: ACTIONS_WIDTH }}>{translate('ORDERS.Actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts === null ? (
            <SkeletonRows columns={columns} />
          ) : drafts.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="lintel-empty">
                  {translate(editable ? 'ORDERS.Empty' : 'ORDERS.EmptyReadOnly')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : editable ? (
            drafts.map((draft, index) => (
              <LintelRowEditor
                key={draft.key}
                draft={draft}
                index={index}
                products={products}
                thicknessOptions={thicknessOptions}
                onChange={onChange}
                onSave={onSave}
                onDelete={onDelete}
                onRevert={onRevert}
              />
            ))
          ) : (
            drafts.map((draft, index) => <ReadOnlyRow key={draft.key} row={draft.values} index={index} products={products} />)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
