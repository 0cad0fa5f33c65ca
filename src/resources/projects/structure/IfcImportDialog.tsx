import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../../domain/format';
import { isAacSubproject, pickIfcEntries, sumVolume, type StructureDraft } from '../../../domain/structure';

interface IfcImportDialogProps {
  fileName: string;
  /** The whole structure the model implies (draftFromIfc); the customer unticks what they do not want. */
  proposal: StructureDraft;
  locale: string;
  onApply: (picked: StructureDraft) => void;
  onClose: () => void;
}

/**
 * What the import proposes, ticked: per building the subproject with its approval lots (volume from the walls) and,
 * where the tenant sells AAC elements, the AAC subproject with an order lot per storey. Unticking a subproject
 * leaves its lots out.
 */
export function IfcImportDialog({ fileName, proposal, locale, onApply, onClose }: IfcImportDialogProps) {
  const translate = useTranslate();
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const picked = pickIfcEntries(proposal, unticked);
  const volume = (value: number) => formatNumber(value, locale, { max: 2 });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="ifc-import-dialog">
      <DialogTitle>{translate('STRUCTURE.Ifc.ConfirmTitle', { name: fileName })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('STRUCTURE.Ifc.PickText')}
        </Typography>
        {proposal.subprojects.map((subproject) => {
          const aac = isAacSubproject(subproject);
          const off = unticked.has(subproject.id);
          return (
            <Stack key={subproject.id} sx={{ mb: 1 }} data-testid="ifc-import-subproject">
              <FormControlLabel
                control={<Checkbox checked={!off} onChange={() => toggle(subproject.id)} slotProps={{ input: { 'aria-label': subproject.name } }} />}
                label={
                  <Typography sx={{ fontWeight: 600 }}>
                    {subproject.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {translate(aac ? 'STRUCTURE.Ifc.AacSubproject' : 'STRUCTURE.Ifc.ApprovalSubproject')}
                    </Typography>
                  </Typography>
                }
              />
              <List dense disablePadding sx={{ pl: 4 }}>
                {subproject.children.map((lot) => (
                  <ListItem key={lot.id} disablePadding data-testid="ifc-import-lot">
                    <FormControlLabel
                      disabled={off}
                      control={<Checkbox size="small" checked={!off && !unticked.has(lot.id)} onChange={() => toggle(lot.id)} slotProps={{ input: { 'aria-label': `${subproject.name}: ${lot.name}` } }} />}
                      label={
                        <Typography variant="body2">
                          {lot.name} ·{' '}
                          {translate('STRUCTURE.Ifc.Walls', { smart_count: lot.wallNos?.length ?? 0 })}
                          {!aac && ` · ${volume(sumVolume(lot.materials))} m³`}
                        </Typography>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </Stack>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('COMMON.Cancel')}</Button>
        <Button variant="contained" disabled={!picked.subprojects.length} onClick={() => onApply(picked)} data-testid="ifc-import-apply">
          {translate('STRUCTURE.Ifc.Apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
