import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { ProjectUnit } from '../../domain/projectUnits';
import { ProjectLogo, SinceText, StateChip } from './ProjectCells';

export const projectDetailsHref = (project: ProjectUnit) => `/home/app/project/details/${project.projectUnitID}`;

/** The project table: logo, project (number and title), state, since; a row opens the project. */
export function ProjectTable({ projects }: { projects: ProjectUnit[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Table size="medium" aria-label={translate('LISTS.Columns.Project')}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 140, display: { xs: 'none', sm: 'table-cell' } }}>{translate('LISTS.Columns.Logo')}</TableCell>
          <TableCell>{translate('LISTS.Columns.Project')}</TableCell>
          <TableCell>{translate('LISTS.Columns.State')}</TableCell>
          <TableCell sx={{ width: 180 }}>{translate('LISTS.Columns.Since')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {projects.map((project) => (
          <TableRow key={project.id} hover onClick={() => navigate(projectDetailsHref(project))} sx={{ cursor: 'pointer' }} data-testid="project-row">
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              <ProjectLogo project={project} />
            </TableCell>
            <TableCell>
              <Typography variant="caption" color="text.secondary" component="div">
                {project.projectUnitNo}
              </Typography>
              <Link component={RouterLink} to={projectDetailsHref(project)} underline="hover" sx={{ fontWeight: 600 }} onClick={(event) => event.stopPropagation()}>
                {project.title}
              </Link>
            </TableCell>
            <TableCell>
              <StateChip stateKey={project.stateKey} />
            </TableCell>
            <TableCell>
              <SinceText iso={project.stateSince} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
