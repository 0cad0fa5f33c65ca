import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROPOSE_PARAM } from '../orderQueries';
import { useNotify, useTranslate } from 'react-admin';
import type { AacProduct, LintelProduct } from '../../../../domain/catalogue';
import { ProposalDialog } from './ProposalDialog';
import type { ProposalRow } from './proposalRows';

/** The action goes below the text on a phone, to the right on wider screens. */
const INVITATION_SX = {
  alignItems: 'center',
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flex: 1, minWidth: 0 },
  '& .MuiAlert-action': { pt: 0, ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, mr: 0, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end', pb: { xs: 1, sm: 0 } },
} as const;

export interface ProposalBarProps {
  lotId: number;
  products: readonly (AacProduct | LintelProduct)[];
  /** No saved rows and nothing typed: the proposal is offered prominently. */
  empty: boolean;
  /** Changed or new rows waiting to be saved. */
  unsavedCount: number;
  /** Puts the chosen rows into the table as new, unsaved rows. */
  onTake: (rows: ProposalRow[]) => void;
  onSaveAll: () => Promise<number>;
}

/**
 * Above an editable order table: "Propose from model" (a call to action while the table is empty, a plain button
 * afterwards) and "Save all rows" while rows wait to be saved.
 */
export function ProposalBar({ lotId, products, empty, unsavedCount, onTake, onSaveAll }: ProposalBarProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  // Opened from a "Next steps" link: an empty table starts with the proposal; the parameter goes (no repeat on reload).
  const [open, setOpen] = useState(() => empty && searchParams.has(PROPOSE_PARAM));
  useEffect(() => {
    if (searchParams.has(PROPOSE_PARAM))
      setSearchParams((params) => {
        params.delete(PROPOSE_PARAM);
        return params;
      }, { replace: true });
  }, [searchParams, setSearchParams]);
  const [saving, setSaving] = useState(false);
  const take = (rows: ProposalRow[]) => {
    onTake(rows);
    setOpen(false);
    notify('ORDERS.Proposal.Taken', { type: 'info', messageArgs: { smart_count: rows.length } });
  };
  const saveAll = async () => {
    setSaving(true);
    try {
      await onSaveAll();
    } finally {
      setSaving(false);
    }
  };
  const propose = (
    <Button variant={empty ? 'contained' : 'outlined'} startIcon={<AutoAwesomeIcon />} onClick={() => setOpen(true)} data-testid="propose-from-model" sx={{ flexShrink: 0 }}>
      {translate('ORDERS.Proposal.Button')}
    </Button>
  );
  return (
    <>
      {empty ? (
        <Alert severity="info" icon={<AutoAwesomeIcon />} action={propose} data-testid="proposal-invitation" sx={INVITATION_SX}>
          <AlertTitle>{translate('ORDERS.Proposal.Title')}</AlertTitle>
          {translate('ORDERS.Proposal.Intro')}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          {unsavedCount > 0 && (
            <Button variant="contained" color="success" startIcon={<SaveIcon />} disabled={saving} onClick={saveAll} data-testid="save-all-rows">
              {translate('ORDERS.SaveAll', { smart_count: unsavedCount })}
            </Button>
          )}
          {propose}
        </Stack>
      )}
      {open && <ProposalDialog lotId={lotId} products={products} onClose={() => setOpen(false)} onTake={take} />}
    </>
  );
}
