import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { floorOfWall, wallsOf, type ViewerModel, type ViewerWall } from '../../../domain/viewerModel';
import { wallSizeText, wallVolumeText } from './wallDimensions';

const normalise = (name: string) => name.trim().toLowerCase();

/**
 * The walls named (a delivery's, an order lot's) with their dimensions from the model: storey, length × height ×
 * thickness, net volume and openings; a name the model does not know shows without them.
 */
export function WallDimensionsTable({ model, wallNames }: { model: ViewerModel | null; wallNames: readonly string[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const byName = useMemo(() => new Map<string, ViewerWall>((model ? wallsOf(model) : []).map((wall) => [normalise(wall.name), wall])), [model]);
  if (!wallNames.length) return null;
  return (
    <Table size="small" data-testid="wall-dimensions" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('VIEWER.Dimensions.Wall')}</TableCell>
          <TableCell>{translate('VIEWER.Dimensions.Storey')}</TableCell>
          <TableCell>{translate('VIEWER.Dimensions.SizeColumn')}</TableCell>
          <TableCell align="right">{translate('VIEWER.Dimensions.Volume')}</TableCell>
          <TableCell align="right">{translate('VIEWER.Dimensions.OpeningsColumn')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {wallNames.map((name) => {
          const wall = byName.get(normalise(name));
          const dimensions = wall?.dimensions;
          return (
            <TableRow key={name} data-testid="wall-dimensions-row">
              <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
              <TableCell>{wall && model ? (floorOfWall(model, wall.id)?.name ?? '–') : '–'}</TableCell>
              <TableCell>{wallSizeText(dimensions, locale, translate) ?? (wall ? '–' : <Typography variant="caption" color="text.secondary">{translate('VIEWER.Dimensions.NotInModel')}</Typography>)}</TableCell>
              <TableCell align="right">{wallVolumeText(dimensions, locale) ?? '–'}</TableCell>
              <TableCell align="right">{dimensions ? dimensions.openings.length : '–'}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
