import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { infoSheetButtonVisible } from '../../../domain/questionnaire';
import type { UnitPageContext } from '../details/projectQueries';
import { questionnairePagePath } from './questionnairePaths';

type InfoSheetContext = Pick<UnitPageContext, 'root' | 'tenant' | 'isInternal' | 'features' | 'infoSheetValid'>;

/** Feature ProjectInfoSheet: shown in Structuring (CCL: Preparing) for everyone, always for internal users. */
export function showsInfoSheetButton(context: InfoSheetContext): boolean {
  return infoSheetButtonVisible({ rootState: context.root.stateKey, tenantType: context.tenant.type, isInternal: context.isInternal, features: context.features });
}

/** The project actions card's button to the root's information sheet (questionnaire); marked while the saved sheet is incomplete. */
export function InfoSheetButton({ context }: { context: InfoSheetContext }) {
  const translate = useTranslate();
  if (!showsInfoSheetButton(context)) return null;
  const button = (
    <Button
      component={RouterLink}
      to={questionnairePagePath(context.root.id)}
      variant="outlined"
      startIcon={<AssignmentOutlinedIcon />}
      endIcon={context.infoSheetValid ? undefined : <WarningAmberIcon color="warning" />}
      fullWidth
      data-testid="open-questionnaire"
    >
      {translate('QUESTIONNAIRE.Page.Title')}
    </Button>
  );
  return context.infoSheetValid ? button : <Tooltip title={translate('QUESTIONNAIRE.Page.IncompleteHint')}>{button}</Tooltip>;
}
