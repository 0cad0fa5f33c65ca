import { Box, Checkbox, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AacProduct, LintelProduct } from '../../../../domain/catalogue';
import type { AacProposalRow, LintelProposalRow, OrderProposalAnswer } from '../../../../domain/orderProposal';
import { metresToMm } from '../../../../domain/orders';
import { openingsText } from './proposalRows';
import { formatNumber } from '../../../../domain/format';

export interface ProposalRowsTableProps {
  answer: OrderProposalAnswer;
  products: readonly (AacProduct | LintelProduct)[];
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onToggleAll: () => void;
}

/** The proposed rows with a check box each (all chosen at first); the columns of the order table they enter. */
export function ProposalRowsTable({ answer, products, chosen, onToggle, onToggleAll }: ProposalRowsTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (value: number) => formatNumber(value, locale);
  const aac = answer.kind === 'aac';
  const headers = aac ? ['ORDERS.Room', 'ORDERS.Storey', 'ORDERS.Article', 'ORDERS.Length', 'ORDERS.Qty'] : ['ORDERS.Room', 'ORDERS.Storey', 'ORDERS.Thickness', 'ORDERS.Length', 'ORDERS.Height', 'ORDERS.Article', 'ORDERS.Qty', 'ORDERS.Proposal.Openings'];
  const numeric = new Set(['ORDERS.Length', 'ORDERS.Qty', 'ORDERS.Thickness', 'ORDERS.Height']);
  const all = answer.rows.length > 0 && chosen.size === answer.rows.length;

  const cells = (row: AacProposalRow | LintelProposalRow): ReactNode[] => {
    if (aac) {
      const aacRow = row as AacProposalRow;
      const product = (products as AacProduct[]).find((candidate) => candidate.productNo === aacRow.productNo);
      const part = aacRow.part === 'full' ? null : <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate(aacRow.part === 'above' ? 'ORDERS.Proposal.PartAbove' : 'ORDERS.Proposal.PartBelow')} />;
      return [aacRow.sublotName, aacRow.floorName, product?.title ?? aacRow.productNo, <>{number(metresToMm(aacRow.itemLength))}{part}</>, number(aacRow.qty)];
    }
    const lintel = row as LintelProposalRow;
    const product = (products as LintelProduct[]).find((candidate) => candidate.id === lintel.productID);
    return [lintel.sublotName, lintel.floorName, number(lintel.thickness), number(lintel.length), number(lintel.height), product?.title ?? lintel.productID, number(lintel.qty), openingsText(lintel.openings)];
  };

  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={translate('ORDERS.Proposal.Rows')} data-testid="proposal-rows">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox checked={all} indeterminate={chosen.size > 0 && !all} onChange={onToggleAll} slotProps={{ input: { 'aria-label': translate('ORDERS.Proposal.SelectAll') } }} />
            </TableCell>
            {headers.map((key) => (
              <TableCell key={key} align={numeric.has(key) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {translate(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.rows.map((row, index) => (
            <TableRow key={row.key} hover selected={chosen.has(row.key)} data-testid="proposal-row">
              <TableCell padding="checkbox">
                <Checkbox checked={chosen.has(row.key)} onChange={() => onToggle(row.key)} slotProps={{ input: { 'aria-label': translate('ORDERS.Proposal.SelectRow', { n: index + 1 }) } }} />
              </TableCell>
              {cells(row).map((cell, column) => (
                <TableCell key={column} align={numeric.has(headers[column]) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
