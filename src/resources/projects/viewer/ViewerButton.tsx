import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { viewerButtonVisible } from '../../../domain/viewerModel';
import type { UnitPageContext } from '../details/projectQueries';
import { viewerPath } from './viewerQueries';

type ViewerContext = Pick<UnitPageContext, 'unit' | 'root' | 'can'>;

/** The viewer button shows in the review states (DECISIONS.md) when a model applies to the unit. */
export function showsViewerButton(context: ViewerContext): boolean {
  return viewerButtonVisible(context.unit.stateKey) && context.can.viewer === true;
}

/** The project actions card's button to the drawing viewer of the unit. */
export function ViewerButton({ context }: { context: ViewerContext }) {
  const translate = useTranslate();
  if (!showsViewerButton(context)) return null;
  return (
    <Button component={RouterLink} to={viewerPath(context.root.id, context.unit.id)} variant="outlined" startIcon={<ViewInArIcon />} fullWidth data-testid="open-viewer">
      {translate('VIEWER.Button')}
    </Button>
  );
}
