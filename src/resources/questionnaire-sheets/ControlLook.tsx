import { Box, Checkbox, FormControlLabel, MenuItem, Radio, TextField, Typography } from '@mui/material';
import type { SheetNode } from '../../domain/questionnaire';
import type { ModelControl } from '../../domain/questionnaire/builder';

/** A node's text in a language: its `x-i18n`, else English. */
export const textIn = (node: SheetNode | { title?: string; 'x-i18n'?: SheetNode['x-i18n'] }, field: 'title' | 'x-placeholder', language: string): string =>
  (language !== 'en' ? node['x-i18n']?.[language]?.[field] : undefined) ?? (field === 'title' ? node.title : (node as SheetNode)['x-placeholder']) ?? '';

/**
 * How a control looks to the customer (same theme, not editable): the builder's canvas and the visual compare of two
 * versions draw controls with it. Kept out of the builder's chunk so the compare page does not load the builder.
 */
export function ControlLook({ control, language }: { control: ModelControl; language: string }) {
  const node = control.node;
  const label = textIn(node, 'title', language) + (node['x-required'] ? ' *' : '');
  const options = node.oneOf ?? node.items?.oneOf ?? [];
  switch (control.tool) {
    case 'checkbox':
    case 'exclusiveCheckbox':
      return <FormControlLabel control={<Checkbox size="small" tabIndex={-1} />} label={label} sx={{ pointerEvents: 'none' }} />;
    case 'radio':
      return (
        <Box>
          <Typography variant="body2">{label}</Typography>
          {options.map((option) => (
            <FormControlLabel key={option.const} control={<Radio size="small" tabIndex={-1} />} label={textIn(option, 'title', language)} sx={{ pointerEvents: 'none' }} />
          ))}
        </Box>
      );
    case 'multi':
      return (
        <Box>
          <Typography variant="body2">{label}</Typography>
          {options.map((option) => (
            <FormControlLabel key={option.const} control={<Checkbox size="small" tabIndex={-1} />} label={textIn(option, 'title', language)} sx={{ pointerEvents: 'none' }} />
          ))}
        </Box>
      );
    case 'dropdown':
      return (
        <TextField select size="small" fullWidth label={label} value="" slotProps={{ htmlInput: { tabIndex: -1 } }} sx={{ pointerEvents: 'none' }}>
          {options.map((option) => (
            <MenuItem key={option.const} value={option.const}>
              {textIn(option, 'title', language)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'blockTypeTable':
    case 'cclDeliverySchedule':
      return <Typography variant="body2">{label}</Typography>;
    default:
      return (
        <TextField
          size="small"
          fullWidth
          label={label}
          placeholder={textIn(node, 'x-placeholder', language)}
          multiline={control.tool === 'textarea'}
          minRows={control.tool === 'textarea' ? 2 : undefined}
          slotProps={{ htmlInput: { tabIndex: -1, readOnly: true }, input: { endAdornment: node['x-unit'] ? <Typography variant="body2">{node['x-unit']}</Typography> : undefined } }}
          sx={{ pointerEvents: 'none' }}
        />
      );
  }
}
