import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { zodResolver } from '../../../forms/zodResolver';
import { changedFields, usePortalDataProvider } from '../../../providers/dataProvider';
import { useConflictHandler } from '../../../providers/conflict';
import { messagesOf, ServerMessages } from '../../../components/ServerMessages';
import { LotMaterialsSection } from '../deliveries/LotMaterialsSection';
import { useLotMaterials } from '../deliveries/useLotMaterials';
import { useRefreshUnit } from './projectQueries';
import { UnitFormFields, type UnitFormValues } from './UnitFormFields';
import { UNIT_LOOK, unitTypeKey } from './unitLabels';
import { unitFormSchema, useTitleCheck } from './unitForm';
import { useLastChange } from '../../../layout/live/useLastChange';
import { formatDateTime } from '../../../domain/format';
import { PROJECTS_RESOURCE } from '../../../domain/resources';


/** A coloured banner with the unit type's icon above the form. */
function Hero({ unit }: { unit: ProjectUnit }) {
  const translate = useTranslate();
  const look = UNIT_LOOK[unit.projectUnitType];
  const Icon = look.icon;
  return (
    <Box sx={{ bgcolor: look.color, color: '#fff', px: 3, py: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Icon sx={{ fontSize: 44 }} />
      <Box>
        <Typography variant="overline" sx={{ opacity: 0.85 }}>
          {translate(unitTypeKey(unit.projectUnitType))} · {unit.projectUnitNo}
        </Typography>
        <Typography variant="h6" id="edit-unit-title">
          {translate('PROJECTUNIT.EditTitle', { title: unit.title })}
        </Typography>
      </Box>
    </Box>
  );
}

/** Edit a unit: Cancel and Save; only the changed fields are sent, with the version read. */
export function EditUnitDialog({ unit: current, onClose }: { unit: ProjectUnit; onClose: () => void }) {
  const translate = useTranslate();
  // The unit as it was when the dialog opened: live updates refresh the page's copy, but the save must carry the version
  // the user started from, so that someone else's change meanwhile is refused (409) instead of overwritten.
  const [unit] = useState(current);
  const changedMeanwhile = current.version !== unit.version;
  const lastChange = useLastChange(`resource/projects/${unit.id}`);
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshUnit();
  const handleConflict = useConflictHandler();
  const [messages, setMessages] = useState<string[]>([]);
  const inFlight = useRef(false);
  const materials = useLotMaterials(unit.projectUnitType === 'approvallot' ? { rootId: unit.rootProjectUnitID, subprojectId: unit.parentProjectUnitID ?? 0, unitId: unit.id } : null);
  const initial: UnitFormValues = { title: unit.title, notes: unit.notes, deliveryDate: unit.deliveryDate ?? '', projectUnitTypeVariant: unit.projectUnitTypeVariant };
  const [locale] = useLocaleState();
  const { register, control, handleSubmit, formState, watch } = useForm<UnitFormValues>({ defaultValues: initial, resolver: zodResolver(unitFormSchema(unit.projectUnitType, locale)), mode: 'onChange' });
  // The same asynchronous title check as the create dialog (the root has no siblings to clash with).
  const title = watch('title');
  const titleTaken = useTitleCheck(unit.parentProjectUnitID, unit.projectUnitType, title, Boolean(formState.dirtyFields.title), unit.id);
  // A refusal of an earlier title does not stay once the title is typed again.
  useEffect(() => setMessages([]), [title]);

  const submit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setMessages([]);
    try {
      const changes = changedFields({ ...values, deliveryDate: values.deliveryDate || null } as Record<string, unknown>, { ...initial, deliveryDate: initial.deliveryDate || null });
      if (unit.projectUnitType !== 'subproject') delete changes.projectUnitTypeVariant;
      let version = unit.version;
      if (Object.keys(changes).length) {
        // The changes and the version as read; previousData names no field, so the provider sends them all.
        const { data: saved } = await dataProvider.update(PROJECTS_RESOURCE, { id: unit.id, data: { ...changes, version }, previousData: { id: unit.id } });
        version = (saved as ProjectUnit).version;
        await refresh();
      }
      // After a refused material list the unit's own changes are saved already (the refreshed unit has no changes left).
      const materialResult = await materials.save(unit.id, version);
      if (materialResult === 'failed') return;
      if (materialResult === 'conflict') {
        await refresh();
        onClose();
        return;
      }
      // Saved materials raised the lot's version: the page reads the unit again.
      if (materialResult === 'saved') await refresh();
      if (Object.keys(changes).length || materialResult === 'saved') notify('PROJECTUNIT.Saved', { type: 'success' });
      onClose();
    } catch (error) {
      // Someone else changed the unit meanwhile: the message, the unit as it is now, and the dialog closes.
      if (handleConflict(error, refresh)) onClose();
      else setMessages(messagesOf(error));
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} maxWidth={materials.active ? 'md' : 'sm'} fullWidth aria-labelledby="edit-unit-title">
      <form onSubmit={submit} noValidate>
        <Hero unit={unit} />
        <DialogContent>
          <ServerMessages messages={messages} />
          {changedMeanwhile && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="edit-unit-changed-meanwhile">
              {lastChange
                ? translate('LIVE.ChangedWhileEditingBy', { name: lastChange.actor.name, when: formatDateTime(lastChange.at, locale) })
                : translate('LIVE.ChangedWhileEditing')}
            </Alert>
          )}
          <UnitFormFields
            type={unit.projectUnitType}
            register={register}
            control={control}
            errors={formState.errors}
            titleProblem={titleTaken ? 'VALIDATION.InvalidTitle' : undefined}
            showVariant={unit.projectUnitType === 'subproject' && !unit.hasChildren}
          />
          <LotMaterialsSection materials={materials} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {translate('COMMON.Cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || titleTaken || formState.isSubmitting || materials.invalid} data-testid="edit-unit-save">
            {formState.isSubmitting && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
            {translate('COMMON.Save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
