import ContentCutIcon from '@mui/icons-material/ContentCut';
import { Box, InputBase, NativeSelect, Stack, TableCell, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { gridCell } from '../useGridKeyboard';
import { lintelTypeLabelKey } from './lintelColours';
import { LINTEL_COLUMNS, type LintelField } from './lintelRows';

const inputSx = {
  width: '100%',
  fontSize: '0.875rem',
  '& input, & select': { px: 1, py: 0.75 },
  // Numbers right-aligned and without spin buttons, as in a spreadsheet.
  '& input[type=number]': { textAlign: 'right', MozAppearance: 'textfield' },
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
};

/** A spreadsheet cell: the input fills it, the focused cell is outlined, a problem shows in red below. */
export function GridCell({ problem, children, width }: { problem?: string; children: ReactNode; width?: number }) {
  return (
    <TableCell data-cell="" sx={{ width, ...(problem ? { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.error.main}` } : {}) }}>
      {children}
      {problem && (
        <Typography variant="caption" color="error" component="div" role="alert" sx={{ px: 1, pb: 0.5, lineHeight: 1.3, whiteSpace: 'pre-line' }}>
          {problem}
        </Typography>
      )}
    </TableCell>
  );
}

export interface SelectOption {
  value: number;
  label: string;
}

/** A native select in a cell: type-ahead and arrow keys pick a value like in a spreadsheet's list cell. */
export function SelectCell(props: {
  row: number;
  column: LintelField;
  label: string;
  value: number | null;
  options: SelectOption[];
  disabled?: boolean;
  problem?: string;
  width?: number;
  testId: string;
  onChange: (value: number | null) => void;
}) {
  const { row, column, label, value, options, disabled, problem, width, testId, onChange } = props;
  const cell: Record<string, string | number> = { ...gridCell(row, LINTEL_COLUMNS[column]), 'data-testid': testId };
  return (
    <GridCell problem={problem} width={width}>
      <NativeSelect
        input={<InputBase sx={inputSx} />}
        value={value ?? ''}
        title={options.find((option) => option.value === value)?.label}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        inputProps={{ ...cell, 'aria-label': label, 'aria-invalid': Boolean(problem) }}
      >
        <option value="">–</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </GridCell>
  );
}

/** A text or number cell; the grid hook selects its content on focus, so typing replaces it. */
export function InputCell(props: {
  row: number;
  column: LintelField;
  label: string;
  value: string;
  type?: 'text' | 'number';
  problem?: string;
  width?: number;
  testId: string;
  onChange: (text: string) => void;
}) {
  const { row, column, label, value, type = 'text', problem, width, testId, onChange } = props;
  const numeric = type === 'number' ? { min: 1, step: 1, inputMode: 'numeric' as const } : { maxLength: 100 };
  return (
    <GridCell problem={problem} width={width}>
      <InputBase
        sx={inputSx}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ ...gridCell(row, LINTEL_COLUMNS[column]), ...numeric, 'aria-label': label, 'aria-invalid': Boolean(problem), 'data-testid': testId }}
      />
    </GridCell>
  );
}

/** The product's lintel type, with a scissors marker when the article is cut to the row's size. */
export function LintelTypeLabel({ type, hasCut, testId }: { type: string | null; hasCut: boolean; testId: string }) {
  const translate = useTranslate();
  if (!type)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }} data-testid={testId}>
        –
      </Box>
    );
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid={testId}>
        {translate(lintelTypeLabelKey(type))}
      </Typography>
      {hasCut && (
        <Tooltip title={translate('ORDERS.Lintel.CutHint')}>
          <Stack
            direction="row"
            spacing={0.25}
            sx={{ alignItems: 'center', px: 0.5, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper', color: 'text.secondary' }}
            data-testid={`${testId}-cut`}
          >
            <ContentCutIcon sx={{ fontSize: 14 }} />
            <Typography variant="caption">{translate('ORDERS.Lintel.Cut')}</Typography>
          </Stack>
        </Tooltip>
      )}
    </Stack>
  );
}
