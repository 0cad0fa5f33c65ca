import DownloadIcon from '@mui/icons-material/GetApp';
import { Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { isExportResource } from '../../domain/bulk/resources';
import { apiResource } from '../../providers/dataProvider';
import { bulkExportUrl, type ExportFormat } from '../../providers/methods/bulk';

/**
 * Export of the whole list (no cap) with its filter and sort, streamed by the server as CSV or Excel in the user's
 * language; the browser downloads it from a link, so no row passes through the app.
 */
export function ExportMenuButton() {
  const resource = useResourceContext() ?? '';
  const { filterValues, sort, total } = useListContext();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const href = (format: ExportFormat) => bulkExportUrl(apiResource(resource), format, filterValues ?? {}, sort);
  if (!isExportResource(apiResource(resource))) return null;
  return (
    <>
      <Button label="ra.action.export" onClick={(event) => setAnchor(event.currentTarget)} disabled={total === 0} aria-haspopup="menu">
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <MenuItem key={format} component="a" href={href(format)} download onClick={() => setAnchor(null)}>
            {translate(format === 'csv' ? 'BULK.Export.Csv' : 'BULK.Export.Xlsx')}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
