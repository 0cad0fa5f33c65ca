import { memo, useMemo, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { AacProduct } from '../../../../domain/catalogue';
import { rowStatus, showDeleteAction, showSaveAction } from '../orderRows';
import { RowActions } from '../RowActions';
import { gridCell } from '../useGridKeyboard';
import { AAC_COLUMNS, aacValueProblems, rowPallets, visibleProblems, type AacDraft, type AacField, type AacRowValues } from './aacRows';
import { ChangedMeanwhileMark } from '../ChangedMeanwhileMark';

export interface AacOrderRowProps {
  draft: AacDraft;
  /** The row's place in the grid (keyboard navigation). */
  index: number;
  /** The whole catalogue (old rows may use an inactive product) and the choices (active ones). */
  products: readonly AacProduct[];
  choices: readonly AacProduct[];
  onChange: (key: string, patch: Partial<AacRowValues>, field: AacField) => void;
  onSave: (key: string) => void;
  onDelete: (key: string) => void;
  onRevert: (key: string) => void;
}

/**
 * One editable AAC row. Plain inputs styled by the table (500 rows stay fast); memoised, so a keystroke
 * re-renders only its own row. Problems show at the cell.
 */
export const AacOrderRow = memo(function AacOrderRow({ draft, index, products, choices, onChange, onSave, onDelete, onRevert }: AacOrderRowProps) {
  const translate = useTranslate();
  const { values, key } = draft;
  const problems = useMemo(() => aacValueProblems(values, products), [values, products]);
  const shown = visibleProblems(draft, problems);
  const product = products.find((candidate) => candidate.productNo === values.productNo);
  const status = rowStatus(draft);
  const pos = values.itemIndex;

  const message = (field: AacField) => {
    const problem = shown[field];
    if (!problem) return undefined;
    return 'text' in problem ? problem.text : translate(problem.key, { _: problem.key, ...problem.params });
  };
  const cell = (field: AacField) => {
    const text = message(field);
    const id = `aac-${key}-${field}-error`;
    return {
      input: { ...gridCell(index, AAC_COLUMNS[field]), 'aria-invalid': !!text, 'aria-describedby': text ? id : undefined, 'data-field': field },
      error: text ? (
        <div className="cell-error" id={id} role="alert">
          {text}
        </div>
      ) : null,
    };
  };
  const text = (field: 'sublotName' | 'floorName') => (event: ChangeEvent<HTMLInputElement>) => onChange(key, { [field]: event.target.value }, field);
  const room = cell('sublotName');
  const storey = cell('floorName');
  const article = cell('productNo');
  const length = cell('itemLength');
  const qty = cell('qty');
  const inactive = product && !product.active;

  return (
    <tr role="row" data-status={status} data-testid="aac-row" data-pos={pos}>
      <td role="cell" className="pos" title={status === 'new' ? translate('ORDERS.NewRow') : status === 'dirty' ? translate('ORDERS.Unsaved') : undefined}>
        {pos}
        {draft.changedMeanwhile && <ChangedMeanwhileMark pos={pos} deleted={draft.changedMeanwhile === 'deleted'} />}
      </td>
      <td role="cell">
        <input className="cell-input" type="text" maxLength={100} value={values.sublotName} onChange={text('sublotName')} aria-label={translate('ORDERS.Room')} {...room.input} />
        {room.error}
      </td>
      <td role="cell">
        <input className="cell-input" type="text" maxLength={100} value={values.floorName} onChange={text('floorName')} aria-label={translate('ORDERS.Storey')} {...storey.input} />
        {storey.error}
      </td>
      <td role="cell">
        <select
          className="cell-input"
          value={values.productNo ?? ''}
          onChange={(event) => onChange(key, { productNo: event.target.value === '' ? null : Number(event.target.value) }, 'productNo')}
          aria-label={translate('ORDERS.Article')}
          {...article.input}
        >
          {values.productNo === null && <option value="">{translate('ORDERS.SelectArticle')}</option>}
          {inactive && (
            <option value={product.productNo} disabled>
              {translate('ORDERS.Inactive', { product: product.title })}
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice.productNo} value={choice.productNo}>
              {choice.title}
            </option>
          ))}
        </select>
        {article.error}
      </td>
      <td role="cell" className="num">{product?.thickness ?? ''}</td>
      <td role="cell" className="num">{product?.width ?? ''}</td>
      <td role="cell">
        <input
          className="cell-input num"
          type="number"
          inputMode="numeric"
          step={20}
          min={product?.minLength}
          max={product?.maxLength}
          value={values.length}
          onChange={(event) => onChange(key, { length: event.target.value }, 'itemLength')}
          aria-label={translate('ORDERS.Length')}
          {...length.input}
        />
        {length.error}
      </td>
      <td role="cell">
        <input
          className="cell-input num"
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          value={values.qty}
          onChange={(event) => onChange(key, { qty: event.target.value }, 'qty')}
          aria-label={translate('ORDERS.Qty')}
          {...qty.input}
        />
        {qty.error}
      </td>
      <td role="cell" className="num" data-testid="row-pallets">
        {rowPallets(values, products) || ''}
      </td>
      <td role="cell" className="actions">
        <RowActions
          rowKey={key}
          pos={pos}
          row={index}
          column={AAC_COLUMNS.action}
          canSave={showSaveAction(draft, problems.length === 0)}
          canDelete={showDeleteAction(draft)}
          canRevert={draft.dirty}
          saving={draft.saving}
          onSave={onSave}
          onDelete={onDelete}
          onRevert={onRevert}
        />
      </td>
    </tr>
  );
});
