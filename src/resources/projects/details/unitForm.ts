import { useEffect, useState } from 'react';
import { z } from 'zod';
import { unitDeliveryDateRule, UNIT_TITLE_MAX, type UnitType } from '../../../domain/projectUnits';
import { todayIso } from '../../../domain/structure';
import { formatDate } from '../../../domain/format';
import { messageWithArgs, requiredText } from '../../../domain/validation';
import { usePortalDataProvider } from '../../../providers/dataProvider';

const TITLE_CHECK_DELAY_MS = 300;

/**
 * The unit dialogs' form rules: the title, notes and the planned delivery date by the domain's rule (today at the
 * earliest), so that the dialog says in place what the API would refuse.
 */
export function unitFormSchema(type: UnitType | null, locale: string) {
  const today = todayIso();
  const minDate = formatDate(today, locale);
  return z.object({
    title: requiredText(UNIT_TITLE_MAX),
    notes: z.string().max(4000, 'VALIDATION.TooLong'),
    deliveryDate: z.string().refine((date) => !type || unitDeliveryDateRule(type, date || null, today).allowed, messageWithArgs('PROJECTS.Rules.DeliveryDateInPast', { minDate })),
  });
}

/**
 * Checks the title against the siblings 300 ms after the last change, once the field was touched (spec §5);
 * `except` is the unit being edited. A check in flight for an older title never answers for the new one.
 */
export function useTitleCheck(parentId: number | null, type: UnitType | null, title: string, dirty: boolean, except?: number) {
  const dataProvider = usePortalDataProvider();
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    setTaken(false);
    if (!parentId || !type || !dirty || !title.trim()) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const available = await dataProvider.isUnitTitleAvailable(parentId, type, title.trim(), except);
        if (current) setTaken(!available);
      } catch {
        if (current) setTaken(false);
      }
    }, TITLE_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dataProvider, parentId, type, title, dirty, except]);
  return taken;
}
