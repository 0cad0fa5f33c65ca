import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { detailsPath } from './projectQueries';

/** The unit path: the root first and larger, each entry links to its unit. */
export function UnitBreadcrumb({ path }: { path: ProjectUnit[] }) {
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }} maxItems={6}>
      {path.map((unit, index) => {
        const last = index === path.length - 1;
        const label = (
          <>
            <Typography component="span" sx={{ color: 'text.secondary', mr: 0.75, fontSize: index === 0 ? 16 : 13 }}>
              {unit.projectUnitNo}
            </Typography>
            {unit.title}
          </>
        );
        const sx = { fontSize: index === 0 ? 22 : 16, fontWeight: index === 0 ? 600 : 400 };
        return last ? (
          <Typography key={unit.id} color="text.primary" sx={sx} aria-current="page">
            {label}
          </Typography>
        ) : (
          <Link key={unit.id} component={RouterLink} to={detailsPath(unit)} underline="hover" color="inherit" sx={sx}>
            {label}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
