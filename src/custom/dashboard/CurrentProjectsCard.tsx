import { Button, Card, CardContent, CardHeader, Chip, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import { PROJECT_LIST_PATHS, PROJECT_LIST_SORT } from '../../domain/projectLists';
import type { ProjectUnit } from '../../domain/projectUnits';
import { NewRootProjectButton } from '../../components/NewRootProjectButton';
import { PROJECTS_RESOURCE } from '../../domain/resources';

/** The user's five most recently changed current root projects (quick access); the whole list is one click away. */
export function CurrentProjectsCard() {
  const translate = useTranslate();
  const { data, isPending } = useGetList<ProjectUnit>(PROJECTS_RESOURCE, {
    pagination: { page: 1, perPage: 5 },
    sort: PROJECT_LIST_SORT,
    filter: { state: 'current' },
  });
  return (
    <Card sx={{ mt: 3 }} data-testid="current-projects">
      <CardHeader
        title={translate('DASHBOARD.CurrentProjects')}
        slotProps={{ title: { variant: 'h6' } }}
        sx={{ pb: 0 }}
        action={
          <Stack direction="row" spacing={1}>
            <NewRootProjectButton />
            <Button component={RouterLink} to={`/home/app${PROJECT_LIST_PATHS.current}`} size="small">
              {translate('DASHBOARD.ShowAllProjects')}
            </Button>
          </Stack>
        }
      />
      <CardContent>
        {!isPending && !data?.length && <Typography color="text.secondary">{translate('DASHBOARD.NoProjects')}</Typography>}
        <List dense disablePadding>
          {(data ?? []).map((project) => (
            <ListItem key={project.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/home/app/project/details/${project.id}`}>
                <ListItemText primary={project.title} secondary={project.projectUnitNo} />
                <Chip size="small" label={translate(`STATES.${project.stateKey}`, { _: project.stateKey })} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
