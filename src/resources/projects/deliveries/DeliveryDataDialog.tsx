import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { availableVolume, lotMaterialProblems } from '../../../domain/deliveries';
import { useConflictHandler } from '../../../providers/conflict';
import { MAX_SUBPROJECT_VOLUME, sumVolume, todayIso, type StructureMaterial } from '../../../domain/structure';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { serverMessages } from '../../../components/ServerMessages';
import { formatVolume, referencePath, sameMaterials, type DeliveryData, type MaterialRowProblem } from './deliveryQueries';
import { DeliveryDataLot, type DeliveryLot } from './DeliveryDataLot';
import { PROJECTS_RESOURCE } from '../../../domain/resources';

type Rows = Record<number, StructureMaterial[]>;

/** The earliest date of a row: the lot's own for the type, else the type's, else today. */
function lotMinDate(data: DeliveryData, lot: DeliveryLot) {
  return (type: string) => lot.minDate[type] ?? data.materialTypes.find((candidate) => candidate.key === type)?.minDate ?? todayIso();
}

/**
 * What each lot may hold now: 350 m³ minus what the subproject's other lots hold as edited, so that moving
 * volume from one lot to another shows at once.
 */
function availableByLot(data: DeliveryData, rows: Rows): Record<number, number> {
  const result: Record<number, number> = {};
  for (const subProject of data.subProjects) {
    for (const lot of subProject.approvalLots) {
      const others = subProject.approvalLots.filter((other) => other.approvalLotID !== lot.approvalLotID).flatMap((other) => rows[other.approvalLotID] ?? other.materials);
      result[lot.approvalLotID] = availableVolume(sumVolume(others));
    }
  }
  return result;
}

/** Delivery data overview: per subproject and approval lot the material rows (type, volume in m³, delivery date). */
export function DeliveryDataDialog({ rootId, onClose }: { rootId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const handleConflict = useConflictHandler();
  const { data, error, isPending } = useQuery({ queryKey: ['delivery-data', rootId], queryFn: () => dataProvider.getDeliveryData(rootId), gcTime: 0, retry: false });
  const [edits, setEdits] = useState<Rows>({});
  const [serverProblems, setServerProblems] = useState<Record<number, MaterialRowProblem[]>>({});
  const [generalMessages, setGeneralMessages] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const lots = useMemo(() => data?.subProjects.flatMap((subProject) => subProject.approvalLots) ?? [], [data]);
  const changedLots = useMemo(() => lots.filter((lot) => edits[lot.approvalLotID] && !sameMaterials(edits[lot.approvalLotID], lot.materials)), [lots, edits]);
  const available = useMemo(() => (data ? availableByLot(data, edits) : {}), [data, edits]);
  // Only changed lots are checked and sent: untouched rows may hold dates that have passed since they were entered.
  const clientProblems = useMemo(() => {
    const result: Record<number, MaterialRowProblem[]> = {};
    if (!data) return result;
    for (const lot of changedLots) {
      result[lot.approvalLotID] = lotMaterialProblems(edits[lot.approvalLotID], { available: available[lot.approvalLotID], materialTypes: data.materialTypes, minDate: lotMinDate(data, lot) });
    }
    return result;
  }, [data, changedLots, edits, available]);
  const blocked = Object.values(clientProblems).some((problems) => problems.length > 0);
  const canEdit = Boolean(data?.canEdit);

  const changeLot = (lotId: number, rows: StructureMaterial[]) => {
    setEdits((current) => ({ ...current, [lotId]: rows }));
    setServerProblems((current) => ({ ...current, [lotId]: [] }));
  };

  const save = async () => {
    if (inFlight.current || !changedLots.length || blocked) return;
    inFlight.current = true;
    setSaving(true);
    setGeneralMessages([]);
    const body = changedLots.map((lot) => ({ approvalLotID: lot.approvalLotID, version: lot.version, materials: edits[lot.approvalLotID] }));
    try {
      const saved = await dataProvider.saveDeliveryData(rootId, body);
      queryClient.setQueryData(['delivery-data', rootId], saved);
      await queryClient.invalidateQueries({ queryKey: [PROJECTS_RESOURCE], refetchType: 'all' });
      notify('DELIVERY.DataSaved', { type: 'success' });
      onClose();
    } catch (caught) {
      // A lot changed meanwhile: nothing was saved; the message, then every lot as it is now (the edits are dropped).
      if (handleConflict(caught, () => queryClient.invalidateQueries({ queryKey: ['delivery-data', rootId] }))) {
        setEdits({});
        setServerProblems({});
        return;
      }
      const atRows: Record<number, MaterialRowProblem[]> = {};
      const general: string[] = [];
      for (const message of serverMessages(caught)) {
        const [index, list, ...rest] = referencePath(message.reference);
        const lot = typeof index === 'number' ? body[index] : undefined;
        if (lot && list === 'materials') (atRows[lot.approvalLotID] ??= []).push({ path: rest, key: message.key ?? '', text: message.text });
        else general.push(translate(message.text, { _: message.text }));
      }
      setServerProblems(atRows);
      setGeneralMessages(general);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="lg" fullWidth scroll="paper" aria-labelledby="delivery-data-title" data-testid="delivery-data-dialog">
      <DialogTitle id="delivery-data-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LocalShippingIcon color="primary" />
        {translate('DELIVERY.DataTitle')}
      </DialogTitle>
      {saving && <LinearProgress />}
      <DialogContent dividers sx={{ bgcolor: 'grey.50' }}>
        {isPending && <Skeleton variant="rounded" height={160} />}
        {error && <Alert severity="error">{serverMessages(error).map((message) => message.text).join(' ')}</Alert>}
        {data && (
          <Stack spacing={3}>
            <Typography variant="body2" color="text.secondary">
              {translate(canEdit ? 'DELIVERY.DataIntro' : 'DELIVERY.DataIntroReadOnly')}
            </Typography>
            {!canEdit && data.editReason && (
              <Alert severity="info" data-testid="delivery-data-readonly">
                {translate(data.editReason, { _: data.editReason })}
              </Alert>
            )}
            {generalMessages.map((message) => (
              <Alert key={message} severity="error" data-testid="dialog-messages">
                {message}
              </Alert>
            ))}
            {data.subProjects.length === 0 && <Alert severity="info">{translate('DELIVERY.NoApprovalLots')}</Alert>}
            {data.subProjects.map((subProject) => {
              const used = sumVolume(subProject.approvalLots.flatMap((lot) => edits[lot.approvalLotID] ?? lot.materials));
              return (
                <Box key={subProject.subProjectID} component="section" data-testid={`delivery-subproject-${subProject.subProjectID}`}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="h6" component="h3">
                      {subProject.subProjectTitle}
                    </Typography>
                    <Typography variant="body2" color={used > MAX_SUBPROJECT_VOLUME ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
                      {translate('DELIVERY.SubprojectVolume', { used: formatVolume(used, locale), max: MAX_SUBPROJECT_VOLUME })}
                    </Typography>
                  </Stack>
                  <Stack spacing={1.5}>
                    {subProject.approvalLots.map((lot) => (
                      <DeliveryDataLot
                        key={lot.approvalLotID}
                        lot={lot}
                        rows={edits[lot.approvalLotID] ?? lot.materials}
                        available={available[lot.approvalLotID]}
                        materialTypes={data.materialTypes}
                        minDate={lotMinDate(data, lot)}
                        problems={[...(clientProblems[lot.approvalLotID] ?? []), ...(serverProblems[lot.approvalLotID] ?? [])]}
                        changed={changedLots.includes(lot)}
                        readOnly={!canEdit}
                        onChange={(rows) => changeLot(lot.approvalLotID, rows)}
                      />
                    ))}
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canEdit && changedLots.length > 0 && (
          <Typography variant="body2" color={blocked ? 'error' : 'text.secondary'} sx={{ mr: 'auto', pl: 1 }}>
            {translate(blocked ? 'DELIVERY.FixErrors' : 'DELIVERY.ChangedLots', { smart_count: changedLots.length })}
          </Typography>
        )}
        <Button onClick={onClose} disabled={saving}>
          {translate(canEdit ? 'COMMON.Cancel' : 'DELIVERY.Close')}
        </Button>
        {canEdit && (
          <Button variant="contained" onClick={save} disabled={saving || blocked || !changedLots.length} data-testid="delivery-data-save">
            {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
            {translate('COMMON.Save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
