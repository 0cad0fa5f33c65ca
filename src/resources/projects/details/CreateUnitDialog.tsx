import { Box, Button, Card, CardActionArea, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tooltip, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ProjectUnit, UnitType } from '../../../domain/projectUnits';
import { zodResolver } from '../../../forms/zodResolver';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { messagesOf, ServerMessages } from '../../../components/ServerMessages';
import { LotMaterialsSection } from '../deliveries/LotMaterialsSection';
import { useLotMaterials } from '../deliveries/useLotMaterials';
import { InfoDialog } from './InfoDialog';
import { detailsPath, useRefreshUnit, type UnitPageContext } from './projectQueries';
import { UnitFormFields, type UnitFormValues } from './UnitFormFields';
import { UNIT_LOOK, unitTypeKey } from './unitLabels';
import { unitFormSchema, useTitleCheck } from './unitForm';
import { PROJECTS_RESOURCE } from '../../../domain/resources';

type Info = { title: string; message: string } | null;

/**
 * Create a unit: choose a type tile, then fill in the type's form; a created unit opens its page (`replace` when the
 * dialog was a page of its own, the project resource's create view).
 */
export function CreateUnitDialog({ context, onClose, replace = false }: { context: UnitPageContext; onClose: () => void; replace?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshUnit();
  const [type, setType] = useState<UnitType | null>(context.allowedChildTypes.length === 1 ? context.allowedChildTypes[0] : null);
  const [messages, setMessages] = useState<string[]>([]);
  const [info, setInfo] = useState<Info>(null);
  const inFlight = useRef(false);
  // An approval lot created before its materials were refused is not created again on the next Save.
  const created = useRef<ProjectUnit | null>(null);
  const materials = useLotMaterials(type === 'approvallot' ? { rootId: context.root.id, subprojectId: context.unit.id } : null);
  const { register, control, handleSubmit, watch, formState } = useForm<UnitFormValues>({
    defaultValues: { title: '', notes: '', deliveryDate: '', projectUnitTypeVariant: 'other' },
    resolver: zodResolver(unitFormSchema(type, locale)),
    mode: 'onChange',
  });
  const title = watch('title');
  const titleTaken = useTitleCheck(context.unit.id, type, title, Boolean(formState.dirtyFields.title));
  const typeLabel = type ? translate(unitTypeKey(type)) : '';

  const submit = handleSubmit(async (values) => {
    if (inFlight.current || !type) return;
    inFlight.current = true;
    setMessages([]);
    try {
      const body = {
        parentProjectUnitID: context.unit.id,
        rootProjectUnitID: context.root.id,
        projectUnitType: type,
        title: values.title,
        notes: values.notes,
        ...(values.deliveryDate ? { deliveryDate: values.deliveryDate } : {}),
        ...(type === 'subproject' ? { projectUnitTypeVariant: values.projectUnitTypeVariant } : {}),
      };
      if (!created.current) {
        created.current = (await dataProvider.create<ProjectUnit>(PROJECTS_RESOURCE, { data: body })).data;
        await refresh();
      }
      const materialResult = await materials.save(created.current.projectUnitID, created.current.version);
      if (materialResult === 'failed') return;
      // The new lot was changed by someone else already: it exists; its page shows what it holds now.
      if (materialResult === 'conflict') {
        onClose();
        navigate(detailsPath(created.current));
        return;
      }
      notify('PROJECTUNIT.Created', { type: 'success', messageArgs: { type: typeLabel, title: values.title } });
      if (!replace) onClose();
      navigate(detailsPath(created.current), { replace });
    } catch (error) {
      const status = (error as HttpError).status;
      const code = ((error as HttpError).body as { messages?: { code?: string }[] } | undefined)?.messages?.[0]?.code;
      if (status === 409 && code === 'DuplicateTitle') {
        setInfo({ title: translate('PROJECTS.DuplicateElementNotAllowedTitle'), message: translate('PROJECTS.DuplicateElementNotAllowed', { type: typeLabel, title: values.title }) });
      } else if (status === 403 && code === 'RuleViolation') {
        setInfo({ title: translate('PROJECTS.CreateProjectUnitNotAllowedTitle', { title: context.unit.title }), message: messagesOf(error).join(' ') });
      } else {
        setMessages(messagesOf(error));
      }
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} maxWidth={materials.active ? 'md' : 'sm'} fullWidth aria-labelledby="create-unit-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-unit-title">{type ? translate('PROJECTUNIT.CreateTitle', { type: typeLabel }) : translate('PROJECTUNIT.ChooseType')}</DialogTitle>
        <DialogContent dividers>
          <ServerMessages messages={messages} />
          {!type ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
              {context.allowedChildTypes.map((childType) => {
                const rule = context.can.create[childType];
                const look = UNIT_LOOK[childType];
                const Icon = look.icon;
                const tile = (
                  <Card variant="outlined" key={childType} sx={{ opacity: rule?.allowed ? 1 : 0.5 }}>
                    <CardActionArea disabled={!rule?.allowed} onClick={() => setType(childType)} sx={{ p: 2, textAlign: 'center' }} data-testid={`type-tile-${childType}`}>
                      <Icon sx={{ fontSize: 40, color: look.color }} />
                      <Typography sx={{ mt: 1 }}>{translate(unitTypeKey(childType))}</Typography>
                    </CardActionArea>
                  </Card>
                );
                return rule?.allowed ? tile : <Tooltip key={childType} title={rule ? translate(rule.reason) : ''}><span>{tile}</span></Tooltip>;
              })}
            </Box>
          ) : (
            <UnitFormFields
              type={type}
              register={register}
              control={control}
              errors={formState.errors}
              titleProblem={titleTaken ? translate('VALIDATION.InvalidTitle') : undefined}
              showVariant={type === 'subproject'}
            />
          )}
          {type && <LotMaterialsSection materials={materials} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {translate('COMMON.Cancel')}
          </Button>
          {type && (
            <Button type="submit" variant="contained" disabled={!formState.isValid || titleTaken || formState.isSubmitting || materials.invalid} data-testid="create-unit-save">
              {formState.isSubmitting && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
              {translate('COMMON.Save')}
            </Button>
          )}
        </DialogActions>
      </form>
      {info && <InfoDialog title={info.title} message={info.message} onClose={() => setInfo(null)} />}
    </Dialog>
  );
}
