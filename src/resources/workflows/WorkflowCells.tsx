import { Box, Link, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { unitDetailsPath } from '../../domain/search';
import { formatDay, type MaterialDelivery, type WorkflowNotification, type WorkflowRow } from '../../domain/workflowPage';
import { relativeTime } from '../projects/ProjectCells';
import { formatDateTime, formatFullDateTime, formatNumber } from '../../domain/format';

/** Number and title, the title a real link (the whole row opens the unit too). */
function NumberAndTitle({ number, title, path, detail }: { number: string; title: string; path: string; detail?: string }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        {number}
      </Typography>
      <Link component={RouterLink} to={path} underline="hover" sx={{ fontWeight: 600 }} onClick={(event) => event.stopPropagation()}>
        {title}
      </Link>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </>
  );
}

/** Project of a notification: the root's number and title, below it subproject › approval lot. */
export function NotificationProject() {
  const record = useRecordContext<WorkflowNotification>();
  if (!record) return null;
  const detail = [record.subProject, record.approvalLot].filter(Boolean).join(' › ');
  return <NumberAndTitle number={record.rootNo} title={record.root} path={unitDetailsPath(record)} detail={detail} />;
}

export function WorkflowRowProject() {
  const record = useRecordContext<WorkflowRow>();
  if (!record) return null;
  return <NumberAndTitle number={record.projectUnitNo} title={record.title} path={unitDetailsPath(record)} />;
}

/** Type, volume and delivery date share these widths in the header and in every row, so the columns line up. */
const MATERIAL_COLUMNS = { display: 'grid', gridTemplateColumns: '150px 90px 110px', columnGap: 2 } as const;

/** The "new data" header: its three parts below the column name. */
export function MaterialHeader() {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ display: 'block' }}>
        {translate('WORKFLOWS.Notifications.Columns.NewData')}
      </Box>
      <Box component="span" sx={{ ...MATERIAL_COLUMNS, typography: 'caption', color: 'text.secondary' }}>
        <span>{translate('WORKFLOWS.Notifications.Columns.Type')}</span>
        <Box component="span" sx={{ textAlign: 'right' }}>
          {translate('WORKFLOWS.Notifications.Columns.Volume')}
        </Box>
        <span>{translate('WORKFLOWS.Notifications.Columns.DeliveryDate')}</span>
      </Box>
    </Box>
  );
}

/** One line per material: type, volume in m³, delivery date. */
export function MaterialLines() {
  const record = useRecordContext<WorkflowNotification>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  if (!record.materialData.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('WORKFLOWS.Notifications.NoMaterials')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', rowGap: 0.25 }} data-testid="material-lines">
      {record.materialData.map((material: MaterialDelivery, index) => (
        <Box key={index} sx={{ ...MATERIAL_COLUMNS, typography: 'body2' }} data-testid="material-line">
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {material.type}
          </Box>
          <Box component="span" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
            {translate('WORKFLOWS.Volume', { volume: formatNumber(material.volume, locale, { max: 2 }) })}
          </Box>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatDay(material.deliveryDate, locale)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** "3 days ago" with the full date and time on hover. */
export function Ago({ iso }: { iso: string }) {
  const [locale] = useLocaleState();
  return (
    <Tooltip title={formatFullDateTime(iso, locale)}>
      <Typography variant="caption" color="text.secondary" component="span">
        {relativeTime(iso, locale)}
      </Typography>
    </Tooltip>
  );
}

/** When the data came in: date and time, and how long ago. */
export function ReceivedCell() {
  const record = useRecordContext<WorkflowNotification>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(record.createdOn, locale)}
      </Typography>
      <Ago iso={record.createdOn} />
    </>
  );
}

/** The rule's text (or its key when the definition in force no longer knows it) and since when it applies. */
export function RuleCell() {
  const record = useRecordContext<WorkflowRow>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <Typography variant="body2">{record.ruleText || translate('WORKFLOWS.Rows.UnknownRule', { key: record.ruleKey })}</Typography>
      <Ago iso={record.createdOn} />
    </>
  );
}
