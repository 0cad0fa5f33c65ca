import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { planningPagePath } from '../../../domain/assignments';
import type { UnitPageContext } from '../details/projectQueries';

/** Shown to those who assign product types and plants (the project's planners, administrators). */
export const showsPlanningButton = (context: UnitPageContext) => Boolean(context.can.assign?.allowed);

/** The project actions card's way to the planning screen (product types, plants, order numbers of all units). */
export function PlanningButton({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  if (!showsPlanningButton(context)) return null;
  return (
    <Button component={RouterLink} to={planningPagePath(context.root.id)} variant="outlined" startIcon={<CategoryOutlinedIcon />} fullWidth data-testid="open-planning">
      {translate('PLANNING.Title')}
    </Button>
  );
}
