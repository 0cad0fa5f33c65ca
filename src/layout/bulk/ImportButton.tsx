import UploadIcon from '@mui/icons-material/Upload';
import { lazy, Suspense, useState } from 'react';
import { Button, useResourceContext } from 'react-admin';

const ImportDialog = lazy(() => import('./ImportDialog').then((module) => ({ default: module.ImportDialog })));

/** "Import" beside "Export" on an administration list: file → columns → preview → apply, in a dialog. */
export function ImportButton() {
  const resource = useResourceContext() ?? '';
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="BULK.Import.Button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog resource={resource} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
