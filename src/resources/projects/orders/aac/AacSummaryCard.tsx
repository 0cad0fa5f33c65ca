import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { memo, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AacSummaryLine, OrderSummary } from '../../../../domain/orders';
import { formatNumber } from '../../../../domain/format';

const HEADERS = [
  { key: 'ORDERS.Article' },
  { key: 'ORDERS.ArticleNo' },
  { key: 'ORDERS.Length', num: true },
  { key: 'ORDERS.Area', num: true },
  { key: 'ORDERS.Qty', num: true },
  { key: 'ORDERS.Pallets', num: true },
];

interface SummaryLineProps {
  product: string;
  articleNo: string;
  length: number;
  area: string;
  qty: string;
  pallets: string;
}

/** One line; memoised on its shown values, so a keystroke re-renders only the line it changes. */
const SummaryLine = memo(function SummaryLine({ product, articleNo, length, area, qty, pallets }: SummaryLineProps) {
  return (
    <TableRow data-testid="summary-line">
      <TableCell>{product}</TableCell>
      <TableCell>{articleNo}</TableCell>
      <TableCell align="right">{length}</TableCell>
      <TableCell align="right">{area}</TableCell>
      <TableCell align="right">{qty}</TableCell>
      <TableCell align="right">{pallets}</TableCell>
    </TableRow>
  );
});

/** The total card (spec §2): one line per article and length, and the totals; computed live from the rows. */
export const AacSummaryCard = memo(function AacSummaryCard({ summary }: { summary: OrderSummary<AacSummaryLine> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // formatNumber keeps one formatter per language and digits: no new one per number on every keystroke.
  const { area, number } = useMemo(() => ({ area: (value: number) => formatNumber(value, locale, { min: 2, max: 2 }), number: (value: number) => formatNumber(value, locale) }), [locale]);
  return (
    <Card data-testid="aac-summary">
      <CardHeader title={translate('ORDERS.Summary')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>
        <TableContainer>
          <Table size="small" aria-label={translate('ORDERS.Summary')} style={{ fontVariantNumeric: 'tabular-nums' }}>
            <TableHead>
              <TableRow>
                {HEADERS.map((header) => (
                  <TableCell key={header.key} align={header.num ? 'right' : undefined}>
                    {translate(header.key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.lines.map((line) => (
                <SummaryLine
                  key={`${line.articleNo}-${line.length}`}
                  product={line.product}
                  articleNo={line.articleNo}
                  length={line.length}
                  area={area(line.totalArea)}
                  qty={number(line.totalQty)}
                  pallets={number(line.totalPallets)}
                />
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="summary-total" sx={{ '& td': { fontWeight: 700, fontSize: 14, color: 'text.primary', borderBottom: 0 } }}>
                <TableCell colSpan={3}>{translate('ORDERS.Total')}</TableCell>
                <TableCell align="right" data-testid="total-area">
                  {area(summary.totalArea)}
                </TableCell>
                <TableCell align="right" data-testid="total-qty">
                  {number(summary.totalQty)}
                </TableCell>
                <TableCell align="right" data-testid="total-pallets">
                  {number(summary.totalPallets)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
});
