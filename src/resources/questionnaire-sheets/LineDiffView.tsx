import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { Box, Button, Card, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { countChanges, foldUnchanged, lineDiff, type DiffLine } from './lineDiff';

const LINE_COLOURS = {
  added: { bgcolor: '#e6f4ea', color: '#0d5f2c', mark: '+' },
  removed: { bgcolor: '#fdecea', color: '#a4161a', mark: '−' },
  same: { bgcolor: 'transparent', color: 'text.primary', mark: ' ' },
} as const;

function Line({ line }: { line: DiffLine }) {
  const colours = LINE_COLOURS[line.kind];
  return (
    <Box sx={{ display: 'flex', bgcolor: colours.bgcolor, color: colours.color }} data-testid={`diff-${line.kind}`}>
      <Box component="span" sx={{ width: 48, flexShrink: 0, textAlign: 'right', pr: 1, color: 'text.disabled', userSelect: 'none' }}>
        {line.before ?? ''}
      </Box>
      <Box component="span" sx={{ width: 48, flexShrink: 0, textAlign: 'right', pr: 1, color: 'text.disabled', userSelect: 'none' }}>
        {line.after ?? ''}
      </Box>
      <Box component="span" sx={{ width: 20, flexShrink: 0, textAlign: 'center', userSelect: 'none', fontWeight: 700 }}>
        {colours.mark}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'pre', pr: 2 }}>
        {line.text}
      </Box>
    </Box>
  );
}

/** A run of unchanged lines, folded until asked for. */
function Folded({ lines }: { lines: DiffLine[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (open) return lines.map((line, index) => <Line key={index} line={line} />);
  return (
    <Box sx={{ bgcolor: '#f1f4f8', borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Button size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setOpen(true)} sx={{ textTransform: 'none', ml: 1 }}>
        {translate('QUESTIONNAIRE_SHEETS.Diff.Unchanged', { smart_count: lines.length })}
      </Button>
    </Box>
  );
}

/** The line diff of one document of two versions, pretty-printed: removed lines red, added lines green. */
export function LineDiffView({ title, before, after, testId }: { title: string; before: string; after: string; testId: string }) {
  const translate = useTranslate();
  const lines = useMemo(() => lineDiff(before, after), [before, after]);
  const blocks = useMemo(() => foldUnchanged(lines), [lines]);
  const counts = countChanges(lines);
  return (
    <Card data-testid={testId}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontFamily: 'monospace', fontWeight: 600 } } }}
        action={
          <Stack direction="row" spacing={1} sx={{ mt: 1, mr: 1 }}>
            <Chip size="small" sx={{ bgcolor: LINE_COLOURS.added.bgcolor, color: LINE_COLOURS.added.color }} label={translate('QUESTIONNAIRE_SHEETS.Diff.LinesAdded', { smart_count: counts.added })} />
            <Chip size="small" sx={{ bgcolor: LINE_COLOURS.removed.bgcolor, color: LINE_COLOURS.removed.color }} label={translate('QUESTIONNAIRE_SHEETS.Diff.LinesRemoved', { smart_count: counts.removed })} />
          </Stack>
        }
        sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}
      />
      {counts.added + counts.removed === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate('QUESTIONNAIRE_SHEETS.Diff.NoChanges')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', fontFamily: '"JetBrains Mono", "Fira Code", Consolas, Menlo, monospace', fontSize: 13, lineHeight: 1.6, py: 0.5 }}>
          <Box sx={{ minWidth: 'max-content' }}>
            {blocks.map((block, index) => (block.kind === 'folded' ? <Folded key={index} lines={block.lines} /> : block.lines.map((line, lineIndex) => <Line key={`${index}-${lineIndex}`} line={line} />)))}
          </Box>
        </Box>
      )}
    </Card>
  );
}
