import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectUnit } from '../../domain/projectUnits';
import { ProjectLogo, SinceText, StateChip } from './ProjectCells';
import { projectDetailsHref } from './ProjectTable';

/** The grid view (wider screens): one card per project, the whole card opens it. */
export function ProjectGrid({ projects }: { projects: ProjectUnit[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
      {projects.map((project) => (
        <Card key={project.id} variant="outlined" data-testid="project-card">
          <CardActionArea component={RouterLink} to={projectDetailsHref(project)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
            <Box sx={{ height: 64, px: 2, display: 'flex', alignItems: 'center', bgcolor: 'grey.50', borderBottom: 1, borderColor: 'divider' }}>
              <ProjectLogo project={project} height={36} />
            </Box>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {project.projectUnitNo}
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3, mb: 1.5 }}>
                {project.title}
              </Typography>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <StateChip stateKey={project.stateKey} />
                <SinceText iso={project.stateSince} inline />
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
