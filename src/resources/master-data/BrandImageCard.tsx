import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { HttpError, useNotify, useRefresh, useTranslate } from 'react-admin';
import { BRAND_IMAGE_MAX_BYTES } from '../../domain/masterData';
import { usePortalDataProvider } from '../../providers/dataProvider';
import type { BrandImage } from '../../providers/methods/admin';

interface BrandImageCardProps {
  title: string;
  /** Where the image is shown from ('' when there is none). */
  imageUrl: string;
  /** Whose image it is (a tenant's logo, a sales organisation's card image). */
  image: BrandImage;
  testId: string;
}

/** Checked in the browser first (PNG, ≤ 1 MB) for a quick answer; the server checks again and decides. */
function localProblem(file: File): string | null {
  if (file.type !== 'image/png') return 'ADMIN.MasterData.ImageNotPng';
  if (file.size > BRAND_IMAGE_MAX_BYTES) return 'ADMIN.MasterData.ImageTooLarge';
  return null;
}

/** Upload, preview and removal of a brand image (tenant logo, sales organisation image); saved at once. */
export function BrandImageCard({ title, imageUrl, image, testId }: BrandImageCardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = usePortalDataProvider();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await call();
      notify('ADMIN.MasterData.ImageSaved', { type: 'success' });
      refresh();
    } catch (error) {
      setProblem((error as HttpError).message);
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    const local = localProblem(file);
    if (local) return setProblem(translate(local, { max: '1 MB' }));
    void send(() => dataProvider.uploadBrandImage(image, file));
  };

  return (
    <Card sx={{ width: { xs: '100%', md: 320 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, alignSelf: 'flex-start' }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        <Box sx={{ height: 140, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', borderRadius: 1, mb: 2 }}>
          {imageUrl ? (
            <Box component="img" src={imageUrl} alt={translate(title)} sx={{ maxWidth: '100%', maxHeight: 130 }} data-testid={`${testId}-preview`} />
          ) : (
            <Typography color="text.secondary">{translate('ADMIN.MasterData.NoImage')}</Typography>
          )}
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
            {problem}
          </Alert>
        )}
        <input
          ref={input}
          type="file"
          accept="image/png"
          hidden
          data-testid={`${testId}-file`}
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="button" variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {translate('ADMIN.MasterData.UploadImage')}
          </Button>
          {imageUrl && (
            <Button type="button" color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => void send(() => dataProvider.deleteBrandImage(image))}>
              {translate('ADMIN.MasterData.DeleteImage')}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('ADMIN.MasterData.ImageHint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
