import { Box, Button, Card, CardActions, CardContent, CardHeader, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  canEditContact,
  canEditPersonalData,
  personalDataSchema,
  type Profile,
} from '../../domain/profile';
import type { ProfilePart } from '../../providers/methods/profile';
import { useProfileUpdate } from './profileQueries';
import { ProfileFormDialog, type FieldDefinition } from '../../components/ProfileFormDialog';

function Value({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography sx={{ color: value ? 'text.primary' : 'text.secondary' }}>{value || translate('PROFILE.NotFilled')}</Typography>
    </Box>
  );
}

interface DataCardProps {
  title: string;
  fields: FieldDefinition[];
  values: Record<string, string>;
  /** undefined hides Edit; a string disables it with that hint. */
  edit: { part: ProfilePart; schema?: typeof personalDataSchema; dialogTitle: string } | undefined;
  disabledHint?: string;
  testId: string;
}

function DataCard({ title, fields, values, edit, disabledHint, testId }: DataCardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const update = useProfileUpdate();
  const [open, setOpen] = useState(false);
  let action: ReactNode = null;
  if (edit) {
    const button = (
      <span>
        <Button onClick={() => setOpen(true)} disabled={Boolean(disabledHint)}>
          {translate('PROFILE.Edit')}
        </Button>
      </span>
    );
    action = disabledHint ? <Tooltip title={translate(disabledHint)}>{button}</Tooltip> : button;
  }
  return (
    <Card data-testid={testId}>
      <CardHeader title={translate(title)} />
      <CardContent sx={{ pt: 0 }}>
        {fields.map((field) => (
          <Value key={field.name} label={field.label} value={values[field.name] ?? ''} />
        ))}
      </CardContent>
      {action && <CardActions>{action}</CardActions>}
      {open && edit && (
        <ProfileFormDialog
          title={edit.dialogTitle}
          fields={fields}
          schema={edit.schema}
          initialValues={values}
          onSubmit={async (body) => {
            await update((dataProvider) => dataProvider.saveProfilePart(edit.part, body));
            notify('PROFILE.Updated', { type: 'success' });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}

export function PersonalDataCard({ profile }: { profile: Profile }) {
  return (
    <DataCard
      testId="personal-data-card"
      title="PROFILE.PersonalData"
      fields={[
        { name: 'firstName', label: 'PROFILE.FirstName', required: true, autoComplete: 'given-name' },
        { name: 'lastName', label: 'PROFILE.LastName', required: true, autoComplete: 'family-name' },
      ]}
      values={{ firstName: profile.userProfile.firstName, lastName: profile.userProfile.lastName }}
      edit={canEditPersonalData(profile) ? { part: 'profileuserprofile', schema: personalDataSchema, dialogTitle: 'PROFILE.PersonalDataDialog.Title' } : undefined}
    />
  );
}

export function CompanyDataCard({ profile }: { profile: Profile }) {
  return (
    <DataCard
      testId="company-data-card"
      title="PROFILE.CompanyData"
      fields={[
        { name: 'name', label: 'PROFILE.CompanyName', autoComplete: 'organization' },
        { name: 'street1', label: 'PROFILE.Street1', autoComplete: 'address-line1' },
        { name: 'street2', label: 'PROFILE.Street2', autoComplete: 'address-line2' },
        { name: 'zip', label: 'PROFILE.Zip', autoComplete: 'postal-code' },
        { name: 'city', label: 'PROFILE.City', autoComplete: 'address-level2' },
      ]}
      values={{ ...profile.address }}
      // No client-side rules (spec): the server decides and its messages show in the dialog.
      edit={{ part: 'profileaddress', dialogTitle: 'PROFILE.CompanyDialog.Title' }}
    />
  );
}

export function ContactDataCard({ profile }: { profile: Profile }) {
  return (
    <DataCard
      testId="contact-data-card"
      title="PROFILE.ContactData"
      fields={[
        { name: 'officePhone', label: 'PROFILE.OfficePhone', type: 'tel', autoComplete: 'tel-local' },
        { name: 'companyMobile', label: 'PROFILE.CompanyMobile', type: 'tel', autoComplete: 'tel' },
      ]}
      values={{ ...profile.contact }}
      edit={{ part: 'profilecontact', dialogTitle: 'PROFILE.ContactDialog.Title' }}
      disabledHint={canEditContact(profile) ? undefined : 'PROFILE.ContactEditHint'}
    />
  );
}
