import { Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { LintelSummaryLine, OrderSummary } from '../../../../domain/orders';
import { SmallVolumeAlert } from '../SmallVolumeAlert';
import { formatNumber } from '../../../../domain/format';

const number = (value: number, locale: string | undefined, digits = 0) => formatNumber(value, locale, { min: digits, max: digits });

/**
 * The lintel summary below the table (spec §2, §3): per article its number, height, area and quantity, and a
 * total row; computed live from the rows. The small-volume warning follows the spec's rule (§8).
 */
export function LintelSummaryCard({ summary, editable }: { summary: OrderSummary<LintelSummaryLine>; editable: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card data-testid="lintel-summary">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {translate('ORDERS.Summary')}
          </Typography>
          <Chip size="small" variant="outlined" label={translate('ORDERS.Lintel.PalletCount', { smart_count: summary.totalPallets })} data-testid="lintel-total-pallets" />
        </Stack>
        <Stack spacing={2}>
          <SmallVolumeAlert totalPallets={summary.totalPallets} editable={editable} severity="warning" titleKey="ORDERS.Lintel.SmallVolume" textKey="ORDERS.Lintel.SmallVolumeHint" />
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }, '& td': { fontVariantNumeric: 'tabular-nums' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('ORDERS.Article')}</TableCell>
                  <TableCell>{translate('ORDERS.Lintel.ItemNo')}</TableCell>
                  <TableCell align="right">{translate('ORDERS.Height')}</TableCell>
                  <TableCell align="right">{translate('ORDERS.Area')}</TableCell>
                  <TableCell align="right">{translate('ORDERS.Qty')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                      {translate('ORDERS.Lintel.SummaryEmpty')}
                    </TableCell>
                  </TableRow>
                )}
                {summary.lines.map((line) => (
                  <TableRow key={line.itemNo} data-testid="lintel-summary-line">
                    <TableCell>{line.product}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.itemNo}</TableCell>
                    <TableCell align="right">{line.height}</TableCell>
                    <TableCell align="right">{number(line.totalArea, locale, 2)}</TableCell>
                    <TableCell align="right">{number(line.totalQty, locale)}</TableCell>
                  </TableRow>
                ))}
                <TableRow data-testid="lintel-summary-total" sx={{ '& td': { fontWeight: 700, borderBottom: 0, borderTop: 2, borderTopColor: 'divider' } }}>
                  <TableCell colSpan={3}>{translate('ORDERS.Total')}</TableCell>
                  <TableCell align="right" data-testid="lintel-total-area">
                    {number(summary.totalArea, locale, 2)}
                  </TableCell>
                  <TableCell align="right" data-testid="lintel-total-qty">
                    {number(summary.totalQty, locale)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      </CardContent>
    </Card>
  );
}
