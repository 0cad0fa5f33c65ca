import { Box, Button, Card, CardActions, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { canEditSite, siteAddressSchema, siteContactSchema, siteEditViaTools } from '../../../domain/projectUnits';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { useConflictHandler } from '../../../providers/conflict';
import type { SiteKind, SiteRecord } from '../../../providers/methods/projects';
import { ProfileFormDialog, type FieldDefinition } from '../../../components/ProfileFormDialog';
import { useRefreshUnit, type UnitPageContext } from './projectQueries';

export const ADDRESS_FIELDS: FieldDefinition[] = [
  { name: 'name', label: 'SITE.Name' },
  { name: 'street1', label: 'SITE.Street' },
  { name: 'zip', label: 'SITE.Zip' },
  { name: 'city', label: 'SITE.City' },
  { name: 'country', label: 'SITE.Country' },
];
export const CONTACT_FIELDS: FieldDefinition[] = [
  { name: 'name', label: 'SITE.ContactName' },
  { name: 'officePhone', label: 'SITE.OfficePhone', type: 'tel' },
  { name: 'officeFax', label: 'SITE.OfficeFax', type: 'tel' },
  { name: 'companyMobile', label: 'SITE.CompanyMobile', type: 'tel' },
  { name: 'officeEMail', label: 'SITE.OfficeEMail' },
];

type Kind = SiteKind;

export function useSiteRecord(kind: Kind, id: number | null) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['site', kind, id],
    enabled: Boolean(id),
    queryFn: () => dataProvider.getSiteRecord(kind, id!),
  });
}

/** The site address or contact dialog; with ProjectTools it goes through `project-tools/execute`. */
export function SiteDialog({ kind, context, values, onClose }: { kind: Kind; context: UnitPageContext; values: SiteRecord; onClose: () => void }) {
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const refresh = useRefreshUnit();
  const handleConflict = useConflictHandler();
  const fields = kind === 'address' ? ADDRESS_FIELDS : CONTACT_FIELDS;
  const id = kind === 'address' ? context.root.siteAddressID : context.root.siteContactID;
  const initial = Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? '']));
  return (
    <ProfileFormDialog
      title={kind === 'address' ? 'SITE.AddressDialogTitle' : 'SITE.ContactDialogTitle'}
      fields={fields}
      schema={kind === 'address' ? siteAddressSchema : siteContactSchema}
      initialValues={initial}
      onSubmit={async (fields) => {
        // The whole record replaces the stored one: with the version read, someone else's save in between is a 409.
        const body = { ...fields, version: values.version };
        if (siteEditViaTools(context.features)) {
          const name = kind === 'address' ? 'edit-site-address' : 'edit-site-contact';
          await dataProvider.executeProjectTool(name, { rootUnitId: context.root.id, ...body });
        } else {
          await dataProvider.saveSiteRecord(kind, id!, body);
        }
        await refresh();
        notify('SITE.Saved', { type: 'success' });
      }}
      onError={(error) => {
        if (!handleConflict(error, refresh)) return false;
        onClose();
        return true;
      }}
      onClose={onClose}
    />
  );
}

function SiteCard({ kind, context }: { kind: Kind; context: UnitPageContext }) {
  const translate = useTranslate();
  const id = kind === 'address' ? context.root.siteAddressID : context.root.siteContactID;
  const { data, isPending } = useSiteRecord(kind, id);
  const [editing, setEditing] = useState(false);
  if (!id) return null;
  const fields = kind === 'address' ? ADDRESS_FIELDS : CONTACT_FIELDS;
  // With ProjectTools the tools menu edits; otherwise the card's own Edit button.
  const canEdit = !siteEditViaTools(context.features) && canEditSite(context.root.stateKey).allowed;
  const filled = fields.filter((field) => data?.[field.name]);
  return (
    <Card data-testid={`site-${kind}-card`}>
      <CardHeader title={translate(kind === 'address' ? 'SITE.AddressTitle' : 'SITE.ContactTitle')} slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 } } }} sx={{ pb: 0 }} />
      <CardContent>
        {isPending ? (
          <Skeleton height={80} />
        ) : filled.length ? (
          kind === 'address' ? (
            <Box>
              <Typography>{data?.name}</Typography>
              <Typography>{data?.street1}</Typography>
              <Typography>{[data?.zip, data?.city].filter(Boolean).join(' ')}</Typography>
              <Typography color="text.secondary">{data?.country}</Typography>
            </Box>
          ) : (
            filled.map((field) => (
              <Typography key={field.name} variant="body2">
                <Box component="span" sx={{ color: 'text.secondary' }}>{translate(field.label)}: </Box>
                {data?.[field.name]}
              </Typography>
            ))
          )
        ) : (
          <Typography color="text.disabled">{translate('SITE.Empty')}</Typography>
        )}
      </CardContent>
      {canEdit && (
        <CardActions>
          <Button onClick={() => setEditing(true)}>{translate('COMMON.Edit')}</Button>
        </CardActions>
      )}
      {editing && data && <SiteDialog kind={kind} context={context} values={data} onClose={() => setEditing(false)} />}
    </Card>
  );
}

export const SiteAddressCard = ({ context }: { context: UnitPageContext }) => <SiteCard kind="address" context={context} />;
export const SiteContactCard = ({ context }: { context: UnitPageContext }) => <SiteCard kind="contact" context={context} />;
