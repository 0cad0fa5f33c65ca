import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canEditOrderItems, orderKindOf } from '../../../domain/orders';
import type { UnitPageContext } from '../details/projectQueries';
import { orderPagePath } from './orderQueries';

/** On the details page of an AAC or lintel order lot: the way to its order table (filled when the user orders). */
export function OrderTableCard({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  const kind = orderKindOf(context.unit.projectUnitType);
  if (!kind) return null;
  const ordering = canEditOrderItems(context.workflow.task?.taskKey);
  return (
    <Card data-testid="order-table-card" sx={{ borderLeft: 4, borderColor: 'primary.main' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <GridOnIcon color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {translate('ORDERS.OpenTable')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(kind === 'aac' ? 'ORDERS.OpenTableAac' : 'ORDERS.OpenTableLintel')}
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to={orderPagePath(kind, context.root.id, context.unit.id)}
            variant={ordering ? 'contained' : 'outlined'}
            endIcon={<ArrowForwardIcon />}
            data-testid="open-order-table"
            sx={{ flexShrink: 0 }}
          >
            {translate('ORDERS.OpenTable')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
