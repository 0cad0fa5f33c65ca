import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { z } from 'zod';
import { zodResolver } from '../forms/zodResolver';
import { ServerMessages, fieldMessagesOf, messagesOf } from './ServerMessages';

export interface FieldDefinition {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'tel';
  required?: boolean;
  autoComplete?: string;
}

interface ProfileFormDialogProps {
  title: string;
  fields: FieldDefinition[];
  /** Client-side rules; without one the server alone decides (company and contact data, as the spec says). */
  schema?: z.ZodObject;
  initialValues: Record<string, string>;
  /** Sends the values; a rejection with server messages keeps the dialog open and lists them. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onClose: () => void;
  /** Errors handled by the caller (e.g. a toast) instead of the list in the dialog. */
  onError?: (error: unknown) => boolean;
  helperText?: string;
}

/**
 * The profile dialogs: Save disabled while invalid or submitting, a second submit ignored, close on success; the
 * server's refusals listed on top and each under the field it names.
 */
export function ProfileFormDialog({ title, fields, schema, initialValues, onSubmit, onClose, onError, helperText }: ProfileFormDialogProps) {
  const translate = useTranslate();
  const [messages, setMessages] = useState<string[]>([]);
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  /** Fields the user has typed in (an emptied required field shows its message even though it is not dirty). */
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(false);
  const { register, handleSubmit, formState } = useForm<Record<string, string>>({
    defaultValues: initialValues,
    resolver: schema ? zodResolver(schema) : undefined,
    mode: 'onChange',
  });
  const submit = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setMessages([]);
    setFieldMessages({});
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      if (!onError?.(error)) {
        setMessages(messagesOf(error).map((text) => translate(text, { _: text })));
        setFieldMessages(fieldMessagesOf(error));
      }
    } finally {
      inFlight.current = false;
    }
  });
  const busy = formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="profile-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="profile-dialog-title">{translate(title)}</DialogTitle>
        <DialogContent dividers>
          <ServerMessages messages={messages} />
          {fields.map((field, index) => {
            const error = formState.errors[field.name];
            // A field shows its message once it was left, or changed at all (emptied again: still a message).
            const touched = formState.touchedFields[field.name] || formState.dirtyFields[field.name] || edited.has(field.name);
            const registered = register(field.name);
            const clientMessage = error && touched ? translate(String(error.message)) : null;
            const shown = clientMessage ?? fieldMessages[field.name] ?? null;
            return (
              <TextField
                key={field.name}
                {...registered}
                onChange={(event) => {
                  if (!edited.has(field.name)) setEdited((previous) => new Set(previous).add(field.name));
                  // A refusal of the old value goes once the field is retyped.
                  if (fieldMessages[field.name]) {
                    setFieldMessages((previous) => {
                      const next = { ...previous };
                      delete next[field.name];
                      return next;
                    });
                  }
                  return registered.onChange(event);
                }}
                label={translate(field.label)}
                type={field.type ?? 'text'}
                required={field.required}
                autoComplete={field.autoComplete}
                autoFocus={index === 0}
                fullWidth
                margin="dense"
                error={Boolean(shown)}
                helperText={shown ?? ' '}
              />
            );
          })}
          {helperText && <p style={{ margin: 0, fontSize: 13, opacity: 0.75 }}>{translate(helperText)}</p>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('COMMON.Cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || busy} data-testid="profile-dialog-save">
            {busy && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
            {translate('COMMON.Save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
