import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadIcon from '@mui/icons-material/FileUploadOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  applyTranslations,
  isImportRefused,
  isMissing,
  missingTexts,
  sheetTexts,
  TEXT_LANGUAGES,
  TEXT_MAX_LENGTH,
  withText,
  type RefusedText,
  type SheetModel,
  type TextLanguage,
  type TextRow,
} from '../../../domain/questionnaire/builder';

const FIELD_LABEL: Record<TextRow['field'], string> = {
  title: 'SHEET_BUILDER.Translations.Field.Title',
  description: 'SHEET_BUILDER.Translations.Field.Description',
  'x-note': 'SHEET_BUILDER.Translations.Field.Note',
  'x-popup': 'SHEET_BUILDER.Translations.Field.Popup',
  'x-placeholder': 'SHEET_BUILDER.Translations.Field.Placeholder',
};
const fieldLabel = (row: TextRow) => (row.kind === 'option' ? 'SHEET_BUILDER.Translations.Field.Option' : FIELD_LABEL[row.field]);
const PAGE_SIZES = [25, 50, 100];
/** Refused rows listed after an import (the rest are counted). */
const REFUSED_LISTED = 20;

interface TranslationsGridProps {
  model: SheetModel;
  /** One edit (a builder step); `typingIn` joins the keystrokes of one cell into one step. */
  onChange: (next: SheetModel, typingIn?: string) => void;
  /** A row's path was chosen: select its item in the build pane. */
  onSelect: (itemId: string) => void;
}

/** A text cell: edits on every keystroke, keeps its own value while typing. */
function TextCell({ row, language, label, onEdit }: { row: TextRow; language: TextLanguage; label: string; onEdit: (address: string, language: TextLanguage, text: string) => void }) {
  const translate = useTranslate();
  const value = row.texts[language];
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const missing = isMissing(row, language);
  return (
    <TextField
      size="small"
      fullWidth
      multiline
      hiddenLabel
      maxRows={6}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onEdit(row.address, language, event.target.value);
      }}
      helperText={
        missing ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <WarningAmberIcon sx={{ fontSize: 16, color: 'warning.main' }} aria-hidden />
            {translate('SHEET_BUILDER.Translations.Missing')}
          </Box>
        ) : undefined
      }
      sx={missing ? { '& .MuiInputBase-root': { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14) } } : undefined}
      slotProps={{ htmlInput: { maxLength: TEXT_MAX_LENGTH, 'aria-label': label, 'data-testid': `translation-cell-${language}` } }}
    />
  );
}

const GridRow = memo(function GridRow({ row, labels, onEdit, onSelect }: { row: TextRow; labels: Record<TextLanguage, string>; onEdit: (address: string, language: TextLanguage, text: string) => void; onSelect: (itemId: string) => void }) {
  const translate = useTranslate();
  const field = translate(fieldLabel(row));
  const missing = TEXT_LANGUAGES.some((language) => isMissing(row, language));
  return (
    <TableRow data-testid={`translation-row-${row.address}`} data-missing={missing || undefined} sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ minWidth: 220, maxWidth: 360 }}>
        {row.itemId ? (
          <Link component="button" type="button" variant="body2" onClick={() => onSelect(row.itemId!)} sx={{ textAlign: 'left', overflowWrap: 'anywhere' }} data-testid="translation-path">
            {row.path}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {row.path}
          </Typography>
        )}
        <Typography variant="caption" component="div" color="text.secondary">
          {field}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {row.address}
        </Typography>
      </TableCell>
      {TEXT_LANGUAGES.map((language) => (
        <TableCell key={language} sx={{ minWidth: 220 }}>
          <TextCell row={row} language={language} label={`${labels[language]}: ${row.path} (${field})`} onEdit={onEdit} />
        </TableCell>
      ))}
    </TableRow>
  );
}, (before, after) => before.row.address === after.row.address && before.row.path === after.row.path && before.row.itemId === after.row.itemId && TEXT_LANGUAGES.every((language) => before.row.texts[language] === after.row.texts[language]) && before.labels === after.labels && before.onEdit === after.onEdit && before.onSelect === after.onSelect);

type Report = { changed: number; refusedRows: RefusedText[] } | { error: string; params?: Record<string, string | number> };

/**
 * Every text of the sheet in English, German and Dutch side by side (issue #34): missing ones counted per language
 * and marked, editable in place (each edit a builder step), exported to and imported from XLSX (an import is one step).
 */
export function TranslationsGrid({ model, onChange, onSelect }: TranslationsGridProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rows = useMemo(() => sheetTexts(model, locale), [model, locale]);
  const missing = useMemo(() => missingTexts(rows), [rows]);
  const [onlyMissing, setOnlyMissing] = useState(false);
  // Rows edited while "only missing" is on stay listed (a row does not vanish under the cursor once its text is typed).
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const latest = useRef({ model, onChange, onlyMissing });
  latest.current = { model, onChange, onlyMissing };

  const labels = useMemo(() => Object.fromEntries(TEXT_LANGUAGES.map((language) => [language, translate(`SHEET_BUILDER.Translations.Language.${language}`)])) as Record<TextLanguage, string>, [translate]);
  const shown = useMemo(() => (onlyMissing ? rows.filter((row) => kept.has(row.address) || TEXT_LANGUAGES.some((language) => isMissing(row, language))) : rows), [rows, onlyMissing, kept]);
  const last = Math.max(0, Math.ceil(shown.length / perPage) - 1);
  const current = Math.min(page, last);
  const pageRows = shown.slice(current * perPage, current * perPage + perPage);

  const onEdit = useCallback((address: string, language: TextLanguage, text: string) => {
    const { model: present, onChange: change, onlyMissing: filtered } = latest.current;
    if (filtered) setKept((before) => (before.has(address) ? before : new Set(before).add(address)));
    change(withText(present, address, language, text.slice(0, TEXT_MAX_LENGTH)), `translations:${address}:${language}`);
  }, []);

  const sheet = model.root['x-sheet'];
  const exportFile = async () => {
    setBusy(true);
    try {
      const { translationsWorkbook, download } = await import('./translationsXlsx');
      download(await translationsWorkbook(rows, model.root.title ?? ''), `${sheet?.name ?? 'sheet'}-v${sheet?.version ?? 1}-translations.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  const importFile = async (file: File) => {
    setBusy(true);
    setReport(null);
    try {
      const { readTranslations } = await import('./translationsXlsx');
      const read = await readTranslations(file);
      if ('refused' in read) return setReport({ error: read.refused, params: read.params });
      const result = applyTranslations(latest.current.model, read.rows);
      if (isImportRefused(result)) return setReport({ error: result.refused, params: result.params as Record<string, string | number> | undefined });
      if (result.changed) {
        // With "only missing" on, the rows the import filled stay listed, so that what it changed can be seen.
        if (latest.current.onlyMissing) {
          const before = new Map(sheetTexts(latest.current.model).map((row) => [row.address, row.texts]));
          const filled = sheetTexts(result.model).filter((row) => TEXT_LANGUAGES.some((language) => before.get(row.address)?.[language] !== row.texts[language]));
          setKept((kept) => new Set([...kept, ...filled.map((row) => row.address)]));
        }
        latest.current.onChange(result.model);
      }
      setReport({ changed: result.changed, refusedRows: result.refusedRows });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid="translations-grid">
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mr: 1 }}>
            {translate('SHEET_BUILDER.Translations.Title')}
          </Typography>
          {TEXT_LANGUAGES.map((language) => (
            <Chip
              key={language}
              size="small"
              variant="outlined"
              color={missing[language] ? 'warning' : 'success'}
              icon={missing[language] ? <WarningAmberIcon aria-hidden /> : <CheckCircleOutlineIcon aria-hidden />}
              label={translate('SHEET_BUILDER.Translations.MissingCount', { language: labels[language], smart_count: missing[language] })}
              sx={{ color: 'text.primary' }}
              data-testid={`translations-missing-${language}`}
            />
          ))}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={onlyMissing}
                onChange={(event) => {
                  setOnlyMissing(event.target.checked);
                  setKept(new Set());
                  setPage(0);
                }}
                slotProps={{ input: { 'data-testid': 'translations-only-missing' } as object }}
              />
            }
            label={translate('SHEET_BUILDER.Translations.OnlyMissing')}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" variant="outlined" startIcon={<FileDownloadIcon />} onClick={exportFile} disabled={busy} data-testid="translations-export">
            {translate('SHEET_BUILDER.Translations.Export')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<FileUploadIcon />} onClick={() => fileInput.current?.click()} disabled={busy} data-testid="translations-import">
            {translate('SHEET_BUILDER.Translations.Import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={translate('SHEET_BUILDER.Translations.Import')}
            data-testid="translations-import-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('SHEET_BUILDER.Translations.Hint')}
        </Typography>
        {report && (
          <Alert
            severity={'error' in report ? 'error' : report.refusedRows.length ? 'warning' : 'success'}
            onClose={() => setReport(null)}
            data-testid="translations-import-report"
            slotProps={{ closeButton: { 'aria-label': translate('ra.action.close') } as object }}
          >
            {'error' in report ? (
              translate(report.error, report.params)
            ) : (
              <>
                <div>{translate('SHEET_BUILDER.Translations.Imported', { smart_count: report.changed })}</div>
                {report.refusedRows.length > 0 && (
                  <>
                    <div>{translate('SHEET_BUILDER.Translations.RefusedRows', { smart_count: report.refusedRows.length })}</div>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {report.refusedRows.slice(0, REFUSED_LISTED).map((refused) => (
                        <li key={`${refused.row}-${refused.address}`} data-testid="translations-refused-row">
                          {translate('SHEET_BUILDER.Translations.RefusedRow', { row: refused.row, address: refused.address, reason: translate(refused.key, { ...refused.params, language: refused.params?.language ? labels[refused.params.language as TextLanguage] : '' }) })}
                        </li>
                      ))}
                    </Box>
                    {report.refusedRows.length > REFUSED_LISTED && <div>{translate('SHEET_BUILDER.Translations.More', { count: report.refusedRows.length - REFUSED_LISTED })}</div>}
                  </>
                )}
              </>
            )}
          </Alert>
        )}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('SHEET_BUILDER.Translations.Title')} sx={{ minWidth: 900, tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '28%' }}>{translate('SHEET_BUILDER.Translations.Path')}</TableCell>
                {TEXT_LANGUAGES.map((language) => (
                  <TableCell key={language} sx={{ width: '24%' }}>
                    {labels[language]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((row) => (
                <GridRow key={row.address} row={row} labels={labels} onEdit={onEdit} onSelect={onSelect} />
              ))}
              {!pageRows.length && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography variant="body2" color="text.secondary" data-testid="translations-none-missing">
                      {translate('SHEET_BUILDER.Translations.NoneMissing')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={shown.length}
          page={current}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
        />
      </Stack>
    </Card>
  );
}
