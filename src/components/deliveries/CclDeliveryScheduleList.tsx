import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Alert, Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { CclScheduleEntry } from '../../domain/deliveries';
import { usePortalDataProvider } from '../../providers/dataProvider';
import type { CclSchedule } from '../../providers/methods/deliveries';
import { serverMessages } from '../ServerMessages';
import { CclScheduleRow } from './CclScheduleRow';

/** Spec §9: the CCL schedule list is at most 500 px high and scrolls. */
export const CCL_SCHEDULE_MAX_HEIGHT = 500;

export const cclScheduleQueryKey = (rootId: number) => ['ccl-delivery-schedule', rootId];

/**
 * The CCL delivery schedule of a root: its drawing jobs (with subproject and customer reference), each with
 * features, delivery week and note. Self-contained: the details page shows it as a card, the questionnaire
 * embeds it in a sheet.
 */
export function CclDeliveryScheduleList({ rootId }: { rootId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: cclScheduleQueryKey(rootId),
    queryFn: () => dataProvider.getCclSchedule(rootId),
    retry: false,
  });

  const replace = (entry: CclScheduleEntry) =>
    queryClient.setQueryData<CclSchedule>(cclScheduleQueryKey(rootId), (current) =>
      current ? { ...current, entries: current.entries.map((candidate) => (candidate.projectUnitID === entry.projectUnitID ? entry : candidate)) } : current,
    );

  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <Alert severity="error">{serverMessages(error).map((message) => message.text).join(' ')}</Alert>;
  if (!data.entries.length) {
    return (
      <Typography color="text.secondary" data-testid="ccl-schedule-empty">
        {translate('DELIVERY.Schedule.Empty')}
      </Typography>
    );
  }
  return (
    <Box data-testid="ccl-schedule">
      {!data.canEdit && (
        <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
          {translate('DELIVERY.Schedule.ReadOnly')}
        </Alert>
      )}
      <Box
        component="ul"
        sx={{ m: 0, p: 0, maxHeight: CCL_SCHEDULE_MAX_HEIGHT, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, '& > li:last-of-type': { borderBottom: 0 } }}
        data-testid="ccl-schedule-list"
      >
        {/* A new version (saved here or, after a conflict, read again) starts the row afresh from the entry. */}
        {data.entries.map((entry) => (
          <CclScheduleRow
            key={`${entry.projectUnitID}-${entry.version}`}
            rootId={rootId}
            entry={entry}
            canEdit={data.canEdit}
            onSaved={replace}
            onReload={() => queryClient.invalidateQueries({ queryKey: cclScheduleQueryKey(rootId) })}
          />
        ))}
      </Box>
    </Box>
  );
}

/** The details page's card around the schedule list (roots of the CCL tenant). */
export function CclDeliveryScheduleCard({ rootId }: { rootId: number }) {
  const translate = useTranslate();
  return (
    <Card data-testid="ccl-schedule-card">
      <CardHeader avatar={<EventAvailableIcon color="primary" />} title={translate('DELIVERY.Schedule.Title')} subheader={translate('DELIVERY.Schedule.Subtitle')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <CclDeliveryScheduleList rootId={rootId} />
      </CardContent>
    </Card>
  );
}
