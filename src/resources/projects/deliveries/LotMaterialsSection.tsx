import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Alert, Box, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { sumVolume } from '../../../domain/structure';
import { serverMessages } from '../../../components/ServerMessages';
import { formatVolume } from './deliveryQueries';
import { MaterialRowsEditor } from './MaterialRowsEditor';
import type { LotMaterials } from './useLotMaterials';

/** The approval lot dialogs' material rows (type, volume, delivery date) with what the lot may still hold. */
export function LotMaterialsSection({ materials }: { materials: LotMaterials }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!materials.active) return null;
  const { rules } = materials;
  return (
    <Box component="section" sx={{ mt: 1 }} data-testid="lot-materials">
      <Divider sx={{ mb: 1.5 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LocalShippingOutlinedIcon fontSize="small" color="action" />
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate('DELIVERY.LotMaterials')}
          </Typography>
        </Stack>
        {rules && (
          <Typography variant="body2" color="text.secondary" data-testid="lot-available">
            {translate('DELIVERY.LotTotal', { volume: formatVolume(sumVolume(materials.rows), locale) })} · {translate('DELIVERY.Available', { volume: formatVolume(rules.available, locale) })}
          </Typography>
        )}
      </Stack>
      {materials.isPending && <Skeleton variant="rounded" height={56} />}
      {materials.error && <Alert severity="warning">{serverMessages(materials.error).map((message) => message.text).join(' ')}</Alert>}
      {rules && !rules.canEdit && rules.editReason && (
        <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
          {translate(rules.editReason, { _: rules.editReason })}
        </Alert>
      )}
      {materials.messages.map((message) => (
        <Alert key={message} severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ))}
      {rules && (
        <MaterialRowsEditor
          rows={materials.rows}
          onChange={materials.setRows}
          materialTypes={rules.materialTypes}
          minDate={materials.minDate}
          problems={materials.problems}
          readOnly={!rules.canEdit}
        />
      )}
    </Box>
  );
}
