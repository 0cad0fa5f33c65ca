import { Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { unitDetailsPath, type ProjectSearchRecord } from '../../../domain/search';

/** "name (id)", as the spec lists product type and plant with their ids. */
export function withId(name: string | null, id: number | null): string {
  if (id === null) return '';
  return name ? `${name} (${id})` : `(${id})`;
}

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

/** A chip in the product type's own colours. */
export function ProductTypeChip() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record || record.productTypeID === null) return null;
  return (
    <Chip
      size="small"
      label={withId(record.productType, record.productTypeID)}
      sx={{ bgcolor: record.productTypeBGColor ?? 'grey.300', color: record.productTypeTextColor ?? 'text.primary', fontWeight: 500 }}
    />
  );
}

export function PlantField() {
  const record = useRecordContext<ProjectSearchRecord>();
  if (!record) return null;
  return <>{withId(record.plant, record.plantID)}</>;
}
