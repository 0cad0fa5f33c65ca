import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { searchContext, unitDetailsPath, type ProjectSearchRecord } from '../../domain/search';
import { ProductTypeChip, withId } from '../projects/ProductTypeChip';

export { withId };

/** The unit's name, a real link to its details (the whole row is clickable too), above its project and parent. */
export function UnitTitleLink() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record) return null;
  const context = searchContext(record);
  return (
    <Box>
      <Link component={RouterLink} to={unitDetailsPath(record)} onClick={(event) => event.stopPropagation()} underline="hover">
        {record.title}
      </Link>
      {context && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="search-context">
          {context}
        </Typography>
      )}
    </Box>
  );
}

export function UnitTypeField() {
  const record = useRecordContext<ProjectSearchRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`SEARCH.UnitType.${record.projectUnitType}`)}</>;
}

/** The shared product type chip, with the id as the spec's search column wants it. */
export function ProductTypeField() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record) return null;
  const { productType, productTypeID, productTypeBGColor, productTypeTextColor } = record;
  return <ProductTypeChip {...{ productType, productTypeID, productTypeBGColor, productTypeTextColor }} showId />;
}

export function PlantField() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record) return null;
  return <>{withId(record.plant, record.plantID)}</>;
}
