import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { useTranslate } from 'react-admin';
import { AVATAR_ACCEPT, AVATAR_MIN_CROP_PX, AVATAR_OUTPUT_SIZE_PX, AVATAR_QUALITY } from '../../domain/avatar';
import { messagesOf, ServerMessages } from '../../components/ServerMessages';

const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|bmp|gif|tiff?|svg|webp|ico)$/i;

/** The square part of the image as a PNG, at most AVATAR_OUTPUT_SIZE_PX wide. */
function cropToPng(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const side = Math.min(AVATAR_OUTPUT_SIZE_PX, Math.round(crop.width * scaleX));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x * scaleX, crop.y * scaleY, crop.width * scaleX, crop.height * scaleY, 0, 0, side, side);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PROFILE.AvatarDialog.Unreadable'))), 'image/png', AVATAR_QUALITY));
}

/** Choose an image, crop a square (at least 20 px), upload it as PNG. */
export function AvatarDialog({ onUpload, onClose }: { onUpload: (png: Blob) => Promise<void>; onClose: () => void }) {
  const translate = useTranslate();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [completed, setCompleted] = useState<PixelCrop>();
  const [problem, setProblem] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source);
  }, [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setCompleted(undefined);
    if (!ACCEPTED_EXTENSIONS.test(file.name) && !file.type.startsWith('image/')) {
      setSource(null);
      setProblem('PROFILE.AvatarDialog.WrongType');
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const loaded = () => {
    const { width, height } = image.current!;
    const initial = centerCrop(makeAspectCrop({ unit: '%', width: 90 }, 1, width, height), width, height);
    setCrop(initial);
    const side = (Math.min(width, height) * 0.9);
    setCompleted({ unit: 'px', x: (width - side) / 2, y: (height - side) / 2, width: side, height: side });
  };

  const save = async () => {
    if (saving || !image.current || !completed) return;
    setSaving(true);
    setMessages([]);
    try {
      await onUpload(await cropToPng(image.current, completed));
      onClose();
    } catch (error) {
      setMessages(messagesOf(error).map((text) => translate(text, { _: text })));
    } finally {
      setSaving(false);
    }
  };

  const ready = Boolean(completed && completed.width >= AVATAR_MIN_CROP_PX && completed.height >= AVATAR_MIN_CROP_PX);
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="avatar-dialog-title">
      <DialogTitle id="avatar-dialog-title">{translate('PROFILE.AvatarDialog.Title')}</DialogTitle>
      <DialogContent dividers>
        <ServerMessages messages={messages} />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('PROFILE.AvatarDialog.Hint')}
        </Typography>
        <Button variant="outlined" component="label">
          {translate('PROFILE.AvatarDialog.Choose')}
          <input hidden type="file" accept={AVATAR_ACCEPT} onChange={choose} data-testid="avatar-file" />
        </Button>
        {problem && <Alert severity="error" sx={{ mt: 2 }}>{translate(problem)}</Alert>}
        {source && (
          <Box sx={{ mt: 2, textAlign: 'center', maxHeight: 420, overflow: 'auto' }}>
            <ReactCrop
              crop={crop}
              aspect={1}
              minWidth={AVATAR_MIN_CROP_PX}
              minHeight={AVATAR_MIN_CROP_PX}
              keepSelection
              circularCrop
              onChange={(_pixel, percent) => setCrop(percent)}
              onComplete={(pixel) => setCompleted(pixel)}
            >
              <img
                ref={image}
                src={source}
                alt={translate('PROFILE.AvatarDialog.Preview')}
                onLoad={loaded}
                onError={() => {
                  setSource(null);
                  setProblem('PROFILE.AvatarDialog.Unreadable');
                }}
                style={{ maxWidth: '100%', maxHeight: 400 }}
              />
            </ReactCrop>
          </Box>
        )}
        {source && !ready && <Typography variant="caption" color="text.secondary">{translate('PROFILE.AvatarDialog.CropRequired')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('COMMON.Cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={!ready || saving} data-testid="avatar-save">
          {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('COMMON.Save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
