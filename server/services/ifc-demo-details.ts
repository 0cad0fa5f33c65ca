import { real, ref, refs, stepString, type StepWriter } from './ifc-step.js';

/**
 * What real authoring tools add to walls and openings, for the demo IFC writer: the base quantity sets
 * (Qto_WallBaseQuantities, Qto_OpeningElementBaseQuantities) and the door or window filling an opening
 * (IfcRelFillsElement) with its overall size.
 */

export interface OpeningDetails {
  /** Metres. */
  width: number;
  height: number;
  /** Metres above the wall's base. */
  sill: number;
  fill?: 'door' | 'window';
  name?: string;
}

export interface WallDetails {
  length: number;
  height: number;
  thickness: number;
  openings: OpeningDetails[];
}

export interface DetailOptions {
  /** The Qto_ quantity sets. */
  quantities: boolean;
  /** OverallWidth and OverallHeight of doors and windows. */
  overallSizes: boolean;
}

type Quantity = ['LENGTH' | 'AREA' | 'VOLUME', string, number];

/** An IfcElementQuantity with its values, assigned to the element by IfcRelDefinesByProperties. */
function writeQuantitySet(w: StepWriter, elementId: number, name: string, quantities: Quantity[]) {
  const ids = quantities.map(([kind, quantity, value]) => w.add(`IFCQUANTITY${kind}(${stepString(quantity)},$,$,${real(value)},$)`));
  const set = w.add(`IFCELEMENTQUANTITY(${w.detailGuid()},$,${stepString(name)},$,$,${refs(ids)})`);
  w.add(`IFCRELDEFINESBYPROPERTIES(${w.detailGuid()},$,$,$,(${ref(elementId)}),${ref(set)})`);
}

/** The part of an opening's height that lies within the wall (an opening may reach above its top). */
const heightWithin = (wall: WallDetails, opening: OpeningDetails) => Math.max(0, Math.min(opening.sill + opening.height, wall.height) - Math.max(0, opening.sill));

/** Qto_WallBaseQuantities: length, height and width (thickness), areas and volumes; net = without the openings. */
export function writeWallQuantities(w: StepWriter, wallId: number, wall: WallDetails) {
  const openingArea = wall.openings.reduce((sum, opening) => sum + opening.width * heightWithin(wall, opening), 0);
  const side = wall.length * wall.height;
  writeQuantitySet(w, wallId, 'Qto_WallBaseQuantities', [
    ['LENGTH', 'Length', wall.length],
    ['LENGTH', 'Height', wall.height],
    ['LENGTH', 'Width', wall.thickness],
    ['AREA', 'GrossFootprintArea', wall.length * wall.thickness],
    ['AREA', 'GrossSideArea', side],
    ['AREA', 'NetSideArea', side - openingArea],
    ['VOLUME', 'GrossVolume', side * wall.thickness],
    ['VOLUME', 'NetVolume', (side - openingArea) * wall.thickness],
  ]);
}

/** The opening's quantity set and the door or window that fills it (placed where the opening is, no shape of its own). */
export function writeOpeningDetails(w: StepWriter, openingId: number, placementId: number, opening: OpeningDetails, thickness: number, options: DetailOptions) {
  if (options.quantities) {
    writeQuantitySet(w, openingId, 'Qto_OpeningElementBaseQuantities', [
      ['LENGTH', 'Width', opening.width],
      ['LENGTH', 'Height', opening.height],
      ['LENGTH', 'Depth', thickness],
    ]);
  }
  if (!opening.fill) return;
  const name = stepString(opening.name ?? (opening.fill === 'door' ? 'Door' : 'Window'));
  const size = options.overallSizes ? `${real(opening.height)},${real(opening.width)}` : '$,$';
  const filling =
    opening.fill === 'door'
      ? w.add(`IFCDOOR(${w.detailGuid()},$,${name},$,$,${ref(placementId)},$,$,${size},.DOOR.,.SINGLE_SWING_LEFT.,$)`)
      : w.add(`IFCWINDOW(${w.detailGuid()},$,${name},$,$,${ref(placementId)},$,$,${size},.WINDOW.,.SINGLE_PANEL.,$)`);
  w.add(`IFCRELFILLSELEMENT(${w.detailGuid()},$,$,$,${ref(openingId)},${ref(filling)})`);
}
