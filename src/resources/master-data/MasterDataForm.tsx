import { Alert, Box } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Create, Edit, HttpError, SimpleForm, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { z } from 'zod';
import { zodResolver } from '../../forms/zodResolver';
import { useConflictHandler } from '../../providers/conflict';

/** The server's messages of a failed save, one per line. */
function serverMessages(error: unknown): string[] {
  const body = (error as HttpError)?.body as { messages?: { text: string }[] } | undefined;
  if (body?.messages?.length) return body.messages.map((message) => message.text);
  return [(error as Error)?.message || 'ra.notification.http_error'];
}

function useSaveErrors() {
  const notify = useNotify();
  const refresh = useRefresh();
  const handleConflict = useConflictHandler();
  const [messages, setMessages] = useState<string[]>([]);
  const onError = (error: unknown) => {
    // Someone else saved the record meanwhile: their version is loaded into the form (the edit is dropped).
    if (handleConflict(error, refresh)) return setMessages([]);
    const texts = serverMessages(error);
    setMessages(texts);
    notify(texts.join('\n'), { type: 'error' });
  };
  return { messages, onError, clear: () => setMessages([]) };
}

function SaveErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2, width: '100%' }} data-testid="save-errors">
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </Box>
    </Alert>
  );
}

interface FormPageProps {
  schema: z.ZodObject;
  children: ReactNode;
  aside?: React.ReactElement;
}

/** Create page of a master-data resource: the domain's zod schema validates the form, as it does on the server. */
export function MasterDataCreate({ schema, children, aside, defaultValues }: FormPageProps & { defaultValues?: Record<string, unknown> }) {
  const { messages, onError, clear } = useSaveErrors();
  return (
    <Create redirect="list" mutationOptions={{ onError, onMutate: clear }} aside={aside}>
      <SimpleForm resolver={zodResolver(schema)} mode="onChange" defaultValues={defaultValues} noValidate>
        <SaveErrors messages={messages} />
        {children}
      </SimpleForm>
    </Create>
  );
}

/**
 * Edit page: the save waits for the server; only the changed fields are sent, with the version read (the data
 * provider's PUT). A 409 shows the conflict and loads the record as it is now.
 */
export function MasterDataEdit({ schema, children, aside }: FormPageProps) {
  const { messages, onError, clear } = useSaveErrors();
  return (
    <Edit<RaRecord> redirect="list" mutationMode="pessimistic" mutationOptions={{ onError, onMutate: clear }} aside={aside}>
      <SimpleForm resolver={zodResolver(schema)} mode="onChange" noValidate warnWhenUnsavedChanges>
        <SaveErrors messages={messages} />
        {children}
      </SimpleForm>
    </Edit>
  );
}
