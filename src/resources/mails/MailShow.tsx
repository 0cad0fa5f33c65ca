import { Box } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';
import { MailStatusField } from './MailList';
import { MAIL_RESOURCE } from '../../domain/resources';

export function MailShow() {
  return (
    <Show resource={MAIL_RESOURCE} title="MENU.Outbox">
      <SimpleShowLayout>
        <DateField source="createdAt" showTime />
        <TextField source="kind" />
        <TextField source="recipient" />
        <TextField source="subject" />
        <FunctionField source="status" render={() => <MailStatusField />} />
        <NumberField source="attempts" />
        <DateField source="sentAt" showTime emptyText="—" />
        <TextField source="lastError" emptyText="—" />
        <FunctionField
          source="body"
          render={(record: { body: string }) => (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1 }}>
              {record.body}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
