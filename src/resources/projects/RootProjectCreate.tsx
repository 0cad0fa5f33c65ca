import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Create, SimpleForm, Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ProjectUnit } from '../../domain/projectUnits';
import { rootProjectCreateSchema, type RootProjectOptions } from '../../domain/rootProjects';
import { zodResolver } from '../../forms/zodResolver';
import { RootProjectInputs } from './RootProjectInputs';
import { useRootProjectOptions } from '../../providers/useRootProjectOptions';
import { PROJECTS_RESOURCE } from '../../domain/resources';

const formSchema = rootProjectCreateSchema.pick({ tenantID: true, salesOrgID: true, country: true, brickAssortment: true, title: true, notes: true });

function defaults(options: RootProjectOptions) {
  const tenant = options.tenants.length === 1 ? options.tenants[0] : undefined;
  const salesOrg = tenant?.salesOrgs.length === 1 ? tenant.salesOrgs[0] : undefined;
  return { tenantID: tenant?.id, salesOrgID: salesOrg?.id, country: tenant && options.countries.includes(tenant.defaultCountry) ? tenant.defaultCountry : undefined, brickAssortment: false, title: '', notes: '' };
}

/** home/app/project/create (the project resource's create view without a parent): a project planner sets up a root project and lands on its details page. */
export function RootProjectCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: options, isPending, error } = useRootProjectOptions();
  if (isPending) return <LinearProgress />;
  if (error || !options?.canCreate) {
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <Title title="PROJECTS.Root.CreateTitle" />
        <Alert severity="info" data-testid="root-project-not-allowed">
          {translate(error ? 'LISTS.LoadFailed' : 'PROJECTS.Rules.RootOnlyPlanners')}
        </Alert>
      </Box>
    );
  }
  const onSuccess = async (unit: ProjectUnit) => {
    await Promise.all([[PROJECTS_RESOURCE], ['dashboard'], ['tasks']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    navigate(`/home/app/project/details/${unit.id}`);
  };
  return (
    <Create
      resource={PROJECTS_RESOURCE}
      title="PROJECTS.Root.CreateTitle"
      transform={(values: Record<string, unknown>) => ({ ...values, parentProjectUnitID: null, projectUnitType: 'project' })}
      mutationOptions={{ onSuccess }}
      aside={
        <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, maxWidth: 320, alignSelf: 'flex-start' }}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {translate('PROJECTS.Root.Explanation')}
            </Typography>
          </CardContent>
        </Card>
      }
      sx={{ '& .RaCreate-main': { flexDirection: { xs: 'column', md: 'row' } } }}
    >
      <SimpleForm defaultValues={defaults(options)} resolver={zodResolver(formSchema)} mode="onChange">
        <RootProjectInputs options={options} />
      </SimpleForm>
    </Create>
  );
}
