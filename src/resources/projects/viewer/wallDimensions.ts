import { formatNumber } from '../../../domain/format';
import type { WallDimensions } from '../../../domain/viewerModel';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const millimetres = (value: number | null, locale: string | undefined) => (value === null ? '–' : formatNumber(value, locale, { max: 0 }));

/** "L 5,000 × H 2,750 × T 365 mm": length, height and thickness of a wall in the user's number format. */
export function wallSizeText(dimensions: WallDimensions | undefined, locale: string | undefined, translate: Translate): string | null {
  if (!dimensions || (dimensions.length === null && dimensions.height === null && dimensions.thickness === null)) return null;
  return translate('VIEWER.Dimensions.Size', {
    length: millimetres(dimensions.length, locale),
    height: millimetres(dimensions.height, locale),
    thickness: millimetres(dimensions.thickness, locale),
  });
}

/** "5.02 m³" (net volume), or null when unknown. */
export function wallVolumeText(dimensions: WallDimensions | undefined, locale: string | undefined): string | null {
  if (dimensions?.netVolume === null || dimensions?.netVolume === undefined) return null;
  return `${formatNumber(dimensions.netVolume, locale, { min: 2, max: 2 })} m³`;
}

/** The wall's dimensions in one line: size, net volume, openings. */
export function wallDimensionsText(dimensions: WallDimensions | undefined, locale: string | undefined, translate: Translate): string | null {
  if (!dimensions) return null;
  const parts = [wallSizeText(dimensions, locale, translate), wallVolumeText(dimensions, locale), translate('VIEWER.Dimensions.Openings', { smart_count: dimensions.openings.length })];
  return parts.filter(Boolean).join(' · ');
}
