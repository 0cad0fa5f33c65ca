import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { unitDetailsPath, type ProjectSearchRecord } from '../../domain/search';
import { ProductTypeChip, withId } from '../projects/ProductTypeChip';

export { withId };

/** The unit's name, a real link to its details (the whole row is clickable too). */
export function UnitTitleLink() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record) return null;
  return (
    <Link component={RouterLink} to={unitDetailsPath(record)} onClick={(event) => event.stopPropagation()} underline="hover">
      {record.title}
    </Link>
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
