import { Alert, Box } from '@mui/material';
import type { HttpError } from 'react-admin';

/** The server's `messages` of a failed call, for a dialog to show as a list. */
export function messagesOf(error: unknown): string[] {
  const body = (error as HttpError)?.body as { messages?: { text: string }[] } | undefined;
  if (body?.messages?.length) return body.messages.map((message) => message.text);
  return [(error as Error)?.message || 'ERRORMESSAGES.Unknown'];
}

/** The server's messages that name a field (`reference`), by field: shown under that field as well as in the list. */
export function fieldMessagesOf(error: unknown): Record<string, string> {
  const body = (error as HttpError)?.body as { messages?: { text: string; reference?: string | null }[] } | undefined;
  const byField: Record<string, string> = {};
  for (const message of body?.messages ?? []) if (message.reference && !byField[message.reference]) byField[message.reference] = message.text;
  return byField;
}

/** One message of the API's error body. */
export interface ServerMessage {
  text: string;
  reference?: string;
  key?: string;
}

/** The messages of a failed call (a network failure becomes one message without reference). */
export function serverMessages(error: unknown): ServerMessage[] {
  const messages = ((error as HttpError)?.body as { messages?: ServerMessage[] } | undefined)?.messages;
  if (Array.isArray(messages) && messages.length) return messages;
  return [{ text: (error as Error)?.message || 'ERRORMESSAGES.Unknown' }];
}

export function ServerMessages({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="dialog-messages">
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </Box>
    </Alert>
  );
}
