import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ROOT_PROJECT_CREATE_PATH } from '../domain/routes';
import { useRootProjectOptions } from '../providers/useRootProjectOptions';

/** "New project", shown only to those who may set up root projects (project planners). */
export function NewRootProjectButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const translate = useTranslate();
  const { data } = useRootProjectOptions();
  if (!data?.canCreate) return null;
  return (
    <Button component={Link} to={`/home/app${ROOT_PROJECT_CREATE_PATH}`} size="small" variant={variant} startIcon={<AddIcon />} data-testid="new-root-project">
      {translate('PROJECTS.Root.New')}
    </Button>
  );
}
