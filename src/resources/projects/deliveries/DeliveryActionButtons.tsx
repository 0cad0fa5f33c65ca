import EventNoteIcon from '@mui/icons-material/EventNote';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { UnitPageContext } from '../details/projectQueries';
import { showsDeliveryDates as showsDatesRule, showsDeliveryOverview as showsOverviewRule } from '../../../domain/deliveries';
import { deliveryOverviewPath } from './deliveryQueries';
import { DeliveryDataDialog } from './DeliveryDataDialog';

type DeliveryContext = Pick<UnitPageContext, 'unit' | 'root' | 'features'>;

const buttonContext = (context: DeliveryContext) => ({ isRoot: context.unit.id === context.root.id, rootState: context.root.stateKey, features: context.features });
const showsDeliveryDates = (context: DeliveryContext) => showsDatesRule(buttonContext(context));
const showsDeliveryOverview = (context: DeliveryContext) => showsOverviewRule(buttonContext(context));

export function hasDeliveryActions(context: DeliveryContext): boolean {
  return showsDeliveryDates(context) || showsDeliveryOverview(context);
}

/** The project actions card's delivery buttons: delivery dates (a dialog) and the delivery overview (a page). */
export function DeliveryActionButtons({ context }: { context: DeliveryContext }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      {showsDeliveryDates(context) && (
        <Button variant="outlined" startIcon={<EventNoteIcon />} fullWidth onClick={() => setOpen(true)} data-testid="delivery-dates-button">
          {translate('DELIVERY.DeliveryDates')}
        </Button>
      )}
      {showsDeliveryOverview(context) && (
        <Button component={RouterLink} to={deliveryOverviewPath(context.root.id)} variant="outlined" startIcon={<LocalShippingIcon />} fullWidth data-testid="delivery-overview-button">
          {translate('DELIVERY.Overview')}
        </Button>
      )}
      {open && <DeliveryDataDialog rootId={context.root.id} onClose={() => setOpen(false)} />}
    </>
  );
}
