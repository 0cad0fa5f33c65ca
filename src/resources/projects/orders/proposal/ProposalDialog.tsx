import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Skeleton, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AacProduct, LintelProduct } from '../../../../domain/catalogue';
import type { OrderProposalAnswer, ProposalStorey } from '../../../../domain/orderProposal';
import { orderErrorText } from '../orderQueries';
import { chosenRows, type ProposalRow } from './proposalRows';
import { ProposalRowsTable } from './ProposalRowsTable';
import { UnmatchedList } from './UnmatchedList';
import { useOrderProposal } from './useOrderProposal';

export interface ProposalDialogProps {
  lotId: number;
  products: readonly (AacProduct | LintelProduct)[];
  onClose: () => void;
  /** The chosen rows, in the proposal's order. */
  onTake: (rows: ProposalRow[]) => void;
}

function StoreySelect({ storeys, value, onChange }: { storeys: ProposalStorey[]; value: number | null; onChange: (id: number) => void }) {
  const translate = useTranslate();
  return (
    <TextField select size="small" label={translate('ORDERS.Proposal.ChooseStorey')} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))} sx={{ minWidth: 220 }} slotProps={{ select: { inputProps: { 'data-testid': 'proposal-storey' } } }}>
      {storeys.map((storey) => (
        <MenuItem key={storey.id} value={storey.id}>
          {translate('ORDERS.Proposal.StoreyOption', { name: storey.name, walls: storey.walls })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * "Propose from model": the rows the model gives for the lot's walls (or a chosen storey's), each with a check
 * box, and what could not be matched with why. The chosen rows enter the order table as new, unsaved rows.
 */
export function ProposalDialog({ lotId, products, onClose, onTake }: ProposalDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [storeyId, setStoreyId] = useState<number | null>(null);
  const { data, error, isPending } = useOrderProposal(lotId, storeyId, true);
  const ready = data?.status === 'ready' ? (data as OrderProposalAnswer) : null;
  // Every row starts chosen; the user takes some out (a new storey starts afresh).
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set());
  const chosen = useMemo(() => new Set((ready?.rows ?? []).map((row) => row.key).filter((key) => !deselected.has(key))), [ready, deselected]);
  const chooseStorey = (id: number) => {
    setStoreyId(id);
    setDeselected(new Set());
  };
  const toggle = (key: string) =>
    setDeselected((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const toggleAll = () => setDeselected(ready && chosen.size === ready.rows.length ? new Set(ready.rows.map((row) => row.key)) : new Set());

  let body;
  if (isPending) body = <Skeleton variant="rectangular" height={160} />;
  else if (error) body = <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="proposal-error">{orderErrorText(error) || translate('ORDERS.Proposal.Error')}</Alert>;
  else if (data?.status === 'pending')
    body = (
      <Alert severity="info" icon={<CircularProgress size={20} />} data-testid="proposal-pending">
        {translate('ORDERS.Proposal.Reading')}
      </Alert>
    );
  else if (data?.status === 'choose-storey')
    body = (
      <Stack spacing={2}>
        <Alert severity="info" data-testid="proposal-no-walls">{data.message}</Alert>
        <Typography variant="body2">{translate('ORDERS.Proposal.ChooseStoreyHint')}</Typography>
        <StoreySelect storeys={data.storeys} value={storeyId} onChange={chooseStorey} />
      </Stack>
    );
  else if (ready)
    body = (
      <>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="body2" color="text.secondary" data-testid="proposal-source">
            {ready.source === 'lot'
              ? translate('ORDERS.Proposal.FromLot', { walls: ready.walls, file: ready.file.name })
              : translate('ORDERS.Proposal.FromStorey', { walls: ready.walls, file: ready.file.name, storey: ready.storeys.find((storey) => storey.id === ready.storeyId)?.name ?? '' })}
          </Typography>
          {ready.source === 'storey' && <StoreySelect storeys={ready.storeys} value={storeyId} onChange={chooseStorey} />}
        </Stack>
        {ready.rows.length ? (
          <ProposalRowsTable answer={ready} products={products} chosen={chosen} onToggle={toggle} onToggleAll={toggleAll} />
        ) : (
          <Alert severity="info" data-testid="proposal-no-rows">
            {translate(ready.kind === 'lintel' && !ready.unmatched.length ? 'ORDERS.Proposal.NoOpenings' : 'ORDERS.Proposal.NoRows')}
          </Alert>
        )}
        <UnmatchedList answer={ready} />
      </>
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="proposal-title" data-testid="proposal-dialog">
      <DialogTitle id="proposal-title">{translate('ORDERS.Proposal.Title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ minHeight: 120 }}>{body}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!ready || chosen.size === 0} onClick={() => ready && onTake(chosenRows(ready, chosen))} data-testid="proposal-take">
          {translate('ORDERS.Proposal.Take', { smart_count: chosen.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
