import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import {
  CreateBase,
  EditBase,
  Form,
  HttpError,
  useEditContext,
  useNotify,
  useRefresh,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { bannerCreateSchema, bannerDefaults } from '../../domain/banner';
import { zodResolver } from '../../forms/zodResolver';
import { BannerNotificationInputs } from './BannerNotificationInputs';
import { BANNER_RESOURCE } from '../../domain/resources';

type DialogMode = { kind: 'create' } | { kind: 'edit'; id: string };

function serverMessages(error: unknown): string[] {
  const body = (error as HttpError)?.body as { messages?: { text: string }[] } | undefined;
  if (body?.messages?.length) return body.messages.map((message) => message.text);
  return [(error as Error)?.message ?? 'ra.notification.http_error'];
}

/** Save is disabled while the form is invalid or a save is in flight; a second submit is ignored. */
function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { isValid, isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  return (
    <Button type="submit" variant="contained" disabled={!isValid || isSubmitting || saving} data-testid="banner-submit">
      {saving || isSubmitting ? <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} /> : null}
      {translate(label)}
    </Button>
  );
}

function BannerForm({ mode, messages, onClose }: { mode: DialogMode['kind']; messages: string[]; onClose: () => void }) {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const inFlight = useRef(false);
  const onSubmit = async (values: Record<string, unknown>) => {
    if (inFlight.current || !save) return;
    inFlight.current = true;
    try {
      await save(values);
    } finally {
      inFlight.current = false;
    }
  };
  return (
    <Form
      defaultValues={mode === 'create' ? bannerDefaults() : undefined}
      resolver={zodResolver(bannerCreateSchema)}
      mode="onChange"
      onSubmit={onSubmit}
      noValidate
    >
      <DialogTitle id="banner-dialog-title">{translate(mode === 'create' ? 'BANNER.AddTitle' : 'BANNER.EditTitle')}</DialogTitle>
      <DialogContent dividers>
        {messages.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="dialog-messages">
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        )}
        <BannerNotificationInputs />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('BANNER.Abort')}</Button>
        <SubmitButton label={mode === 'create' ? 'BANNER.Add' : 'BANNER.Edit'} />
      </DialogActions>
    </Form>
  );
}

function EditLoader({ children }: { children: React.ReactNode }) {
  const { isPending, error } = useEditContext();
  if (isPending) {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }
  if (error) return <Alert severity="error">{serverMessages(error).join(' ')}</Alert>;
  return <>{children}</>;
}

/** Add and Edit dialog of banner notifications; the list is refreshed after it closes. */
export function BannerNotificationDialog({ mode, onClose }: { mode: DialogMode; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [messages, setMessages] = useState<string[]>([]);
  const mutationOptions = {
    onSuccess: () => {
      notify(mode.kind === 'create' ? 'BANNER.Created' : 'BANNER.Updated', { type: 'success' });
      onClose();
      refresh();
    },
    onError: (error: unknown) => setMessages(serverMessages(error)),
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="banner-dialog-title">
      {mode.kind === 'create' ? (
        <CreateBase resource={BANNER_RESOURCE} redirect={false} mutationOptions={mutationOptions}>
          <BannerForm mode="create" messages={messages} onClose={onClose} />
        </CreateBase>
      ) : (
        <EditBase resource={BANNER_RESOURCE} id={mode.id} redirect={false} mutationMode="pessimistic" mutationOptions={mutationOptions}>
          <EditLoader>
            <BannerForm mode="edit" messages={messages} onClose={onClose} />
          </EditLoader>
        </EditBase>
      )}
    </Dialog>
  );
}
