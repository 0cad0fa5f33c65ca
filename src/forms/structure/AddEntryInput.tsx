import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A name input with an Add button (Enter adds too); the input empties after adding, ready for the next name. */
export function AddEntryInput({ label, onAdd, testId }: { label: string; onAdd: (name: string) => void; testId: string }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const add = () => {
    if (!name.trim()) return;
    onAdd(name.trim());
    setName('');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 520 }} data-testid={testId}>
      <TextField
        size="small"
        fullWidth
        label={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!name.trim()} sx={{ flexShrink: 0 }}>
        {translate('STRUCTURE.Add')}
      </Button>
    </Stack>
  );
}
