import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, AlertTitle, Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ProjectSubpageHeader } from '../projects/ProjectSubpageHeader';
import { HttpError, ListBase, Title, useListContext, useTranslate } from 'react-admin';
import { DELIVERY_OVERVIEW_PAGE_SIZE, type DeliveryLotRecord } from '../../domain/deliveries';
import { unitPageTitle } from '../../domain/projectUnits';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { detailsPath, useUnitContext } from '../projects/details/projectQueries';
import { serverMessages } from '../../components/ServerMessages';
import { DeliveryModelPanel } from './DeliveryModelPanel';
import { DeliveryOverviewTable } from './DeliveryOverviewTable';
import { positiveId } from '../projects/RootPageState';
import { DELIVERY_OVERVIEW_RESOURCE } from '../../domain/resources';

export const DELIVERY_OVERVIEW_ROUTE = '/project/delivery-overview/:rootId';


function NotAvailable({ title, text }: { title: string; text: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="delivery-overview-unavailable" sx={{ mt: 1 }}>
      <AlertTitle>{translate(title)}</AlertTitle>
      {translate(text)}
    </Alert>
  );
}

/** Table (about two thirds) and 3D panel (one third) side by side, stacked on small screens. */
function OverviewContent({ rootId, canConfirm }: { rootId: number; canConfirm: boolean }) {
  const { data, error, isPending } = useListContext<DeliveryLotRecord>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const lots = data ?? [];
  // Keep the chosen lot while it is on the page; otherwise the first lot of the page is shown.
  useEffect(() => {
    if (lots.length && !lots.some((lot) => lot.id === selectedId)) setSelectedId(lots[0].id);
  }, [lots, selectedId]);

  if (error) {
    const status = error instanceof HttpError ? error.status : 0;
    const key = serverMessages(error)[0]?.key;
    if (status === 403 && key === 'DELIVERY.Errors.FeatureOff') return <NotAvailable title="DELIVERY.FeatureOffTitle" text="DELIVERY.FeatureOff" />;
    if (status === 404) return <NotAvailable title="DELIVERY.NotFoundTitle" text="PROJECTUNIT.NotFound" />;
    return <Alert severity="error">{serverMessages(error).map((message) => message.text).join(' ')}</Alert>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(300px, 1fr)' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        {isPending && <LinearProgress />}
        <DeliveryOverviewTable canConfirm={canConfirm} selectedId={selectedId} onSelect={setSelectedId} />
      </Box>
      <DeliveryModelPanel rootId={rootId} lots={lots} selectedId={selectedId} onSelect={setSelectedId} />
    </Box>
  );
}

/** home/app/project/delivery-overview/{root}: the planned deliveries of a project, with done actions and the 3D panel. */
export default function DeliveryOverviewPage() {
  const translate = useTranslate();
  const rootId = positiveId(useParams().rootId);
  const { data: context, error } = useUnitContext(rootId ?? 0);
  const title = translate('DELIVERY.Overview');
  const fullTitle = context ? `${title} – ${unitPageTitle(context.root)}` : title;
  useDocumentTitle(fullTitle);

  const notFound = rootId === null || (error instanceof HttpError && error.status === 404) || (context && context.root.id !== rootId);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={fullTitle} />
      <ProjectSubpageHeader
        back={context && !notFound ? { to: detailsPath(context.root), label: translate('DELIVERY.BackToProject'), testId: 'delivery-overview-back' } : null}
        icon={<LocalShippingIcon color="primary" />}
        title={title}
      />
      {context && !notFound && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {unitPageTitle(context.root)} · {translate('DELIVERY.OverviewSubtitle')}
        </Typography>
      )}
      {notFound ? (
        <NotAvailable title="DELIVERY.NotFoundTitle" text="PROJECTUNIT.NotFound" />
      ) : !context ? (
        error ? <Alert severity="error">{(error as Error).message}</Alert> : <LinearProgress />
      ) : (
        <ListBase
          resource={DELIVERY_OVERVIEW_RESOURCE}
          filter={{ rootProjectUnitID: rootId }}
          sort={{ field: 'deliveryDate', order: 'ASC' }}
          perPage={DELIVERY_OVERVIEW_PAGE_SIZE}
          storeKey={`${DELIVERY_OVERVIEW_RESOURCE}.${rootId}`}
          queryOptions={{ onError: () => undefined }}
        >
          <OverviewContent rootId={context.root.id} canConfirm={context.can.confirmDeliveries === true} />
        </ListBase>
      )}
    </Box>
  );
}
