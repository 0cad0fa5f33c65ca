import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MaterialType, StructureMaterial } from '../../../domain/structure';
import { formatParams } from '../../../forms/errorSchema';
import { CalendarDateField } from '../../../forms/widgets/CalendarDateField';
import { useMaterialTypeLabel } from '../../../forms/widgets/useMaterialTypeLabel';
import { formatIsoDate, formatVolume, type MaterialRowProblem } from './deliveryQueries';

type Field = 'type' | 'volume' | 'deliveryDate';

/** Translates a row problem: server messages come translated, domain problems with dates and volumes in the user's language. */
export function useProblemText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (problem: MaterialRowProblem) => {
    if (problem.text) return problem.text;
    const params = formatParams(problem.params, locale);
    return translate(problem.key, { _: problem.key, ...params });
  };
}

export interface MaterialRowsEditorProps {
  rows: StructureMaterial[];
  onChange: (rows: StructureMaterial[]) => void;
  materialTypes: MaterialType[];
  /** The earliest delivery date for a row of this material type. */
  minDate: (type: string) => string;
  problems: MaterialRowProblem[];
  readOnly?: boolean;
}

const parseVolume = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The material rows of one approval lot: type, volume in m³ and delivery date; errors at the fields. */
export function MaterialRowsEditor({ rows, onChange, materialTypes, minDate, problems, readOnly = false }: MaterialRowsEditorProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const problemText = useProblemText();
  const fieldProblem = (index: number, field: Field) => problems.find((problem) => problem.path[0] === index && problem.path[1] === field);
  const general = problems.filter((problem) => typeof problem.path[0] !== 'number' || !['type', 'volume', 'deliveryDate'].includes(String(problem.path[1])));
  const materialTypeLabel = useMaterialTypeLabel();
  const typeLabel = (key: string) => {
    const type = materialTypes.find((candidate) => candidate.key === key);
    return type ? materialTypeLabel(type) : key;
  };

  const change = (index: number, patch: Partial<StructureMaterial>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const add = () => {
    const type = rows[rows.length - 1]?.type ?? materialTypes[0]?.key ?? '';
    onChange([...rows, { type, volume: Number.NaN, deliveryDate: type ? minDate(type) : '' }]);
  };

  const fieldProps = (index: number, field: Field) => {
    const problem = fieldProblem(index, field);
    return { error: Boolean(problem), helperText: problem ? problemText(problem) : undefined };
  };

  return (
    <Box data-testid="material-rows">
      {general.map((problem) => (
        <Alert key={`${problem.path.join('.')}-${problem.key}`} severity="error" sx={{ mb: 1 }}>
          {problemText(problem)}
        </Alert>
      ))}
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="no-materials">
          {translate('DELIVERY.NoMaterials')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& td, & th': { px: 1, verticalAlign: 'top' }, '& th': { color: 'text.secondary', fontWeight: 500 } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 170 }}>{translate('DELIVERY.Material')}</TableCell>
                <TableCell sx={{ minWidth: 130 }} align={readOnly ? 'right' : 'left'}>
                  {translate('DELIVERY.Volume')}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>{translate('DELIVERY.DeliveryDate')}</TableCell>
                {!readOnly && <TableCell sx={{ width: 48 }} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) =>
                readOnly ? (
                  <TableRow key={index} data-testid="material-row">
                    <TableCell>{typeLabel(row.type)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatVolume(row.volume, locale)} m³
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.deliveryDate ? formatIsoDate(row.deliveryDate, locale) : '–'}</TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={index} data-testid="material-row">
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        variant="outlined"
                        fullWidth
                        value={materialTypes.some((type) => type.key === row.type) ? row.type : ''}
                        onChange={(event) => change(index, { type: event.target.value })}
                        {...fieldProps(index, 'type')}
                        slotProps={{ htmlInput: { 'aria-label': translate('DELIVERY.Material') } }}
                      >
                        {materialTypes.map((type) => (
                          <MenuItem key={type.key} value={type.key}>
                            {materialTypeLabel(type)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        variant="outlined"
                        type="number"
                        fullWidth
                        value={Number.isFinite(row.volume) ? row.volume : ''}
                        onChange={(event) => change(index, { volume: parseVolume(event.target.value) })}
                        {...fieldProps(index, 'volume')}
                        slotProps={{
                          htmlInput: { min: 0, step: 0.1, 'aria-label': translate('DELIVERY.Volume'), 'data-testid': `material-volume-${index}` },
                          input: { endAdornment: <InputAdornment position="end">m³</InputAdornment> },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <CalendarDateField
                        value={row.deliveryDate}
                        onChange={(deliveryDate) => change(index, { deliveryDate })}
                        {...fieldProps(index, 'deliveryDate')}
                        min={row.type ? minDate(row.type) : undefined}
                        ariaLabel={translate('DELIVERY.DeliveryDate')}
                        testId={`material-date-${index}`}
                      />
                    </TableCell>
                    <TableCell>
                      <Tooltip title={translate('DELIVERY.DeleteMaterial')}>
                        <IconButton onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={translate('DELIVERY.DeleteMaterial')} size="small" sx={{ mt: 0.5 }}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={!materialTypes.length} sx={{ mt: 0.5 }} data-testid="add-material">
          {translate('DELIVERY.AddMaterial')}
        </Button>
      )}
    </Box>
  );
}
