import { BooleanInput, CheckboxGroupInput, TextInput, useTranslate } from 'react-admin';
import { EVENT_TYPES, WEBHOOK_URL_MAX } from '../../domain/webhooks';
import { TenantReferenceInput } from '../master-data/tenantReference';

/** The fields of a webhook endpoint, shared by Create and Edit; the secret is the server's (see WebhookSecret). */
export function WebhookInputs({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const choices = EVENT_TYPES.map((type) => ({ id: type, name: translate(`WEBHOOKS.Events.${type}`) }));
  return (
    <>
      <TenantReferenceInput disabled={edit} />
      <TextInput source="url" isRequired fullWidth helperText="WEBHOOKS.UrlHelp" slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX } }} />
      <TextInput source="description" fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
      <CheckboxGroupInput source="eventTypes" choices={choices} row={false} isRequired />
      <BooleanInput source="enabled" />
    </>
  );
}
