/**
 * Order rows proposed from the model (issue #26): AAC elements for the walls of an order lot and lintels for the
 * doors and windows in them, computed from the walls' dimensions alone (millimetres, as the extraction records
 * them in the viewer model). Pure: the API answers with it, the tests check it on hand-computed walls. The rules
 * are written down in docs/decisions.md ("Order rows from the model").
 */
import { AAC_LENGTH_STEP_MM, type AacProduct, type LintelProduct } from './catalogue';
import { lintelHeights, lintelLengths, lintelThicknesses, mmToMetres, ORDER_TEXT_MAX, withHeight, withLength, withThickness, type LintelDraftRow } from './orders';
import type { ViewerModel, WallDimensions, WallOpeningDimensions } from './viewerModel';

/** A wall's thickness fits an article whose thickness differs by at most this (plaster, rounding in the model). */
export const PROPOSAL_THICKNESS_TOLERANCE_MM = 5;
/** A lintel bears this far on the wall at each side of its opening. */
export const LINTEL_BEARING_MM = 200;

export const PROPOSAL_MESSAGE = {
  noModel: 'ORDERS.Proposal.NoModel',
  noWalls: 'ORDERS.Proposal.NoWalls',
  unknownStorey: 'ORDERS.Proposal.UnknownStorey',
} as const;

/** Why a wall or an opening gives no row (translated under ORDERS.Proposal.Reason). */
export const PROPOSAL_REASON = {
  notInModel: 'ORDERS.Proposal.Reason.NotInModel',
  noDimensions: 'ORDERS.Proposal.Reason.NoDimensions',
  noAacThickness: 'ORDERS.Proposal.Reason.NoAacThickness',
  tooHigh: 'ORDERS.Proposal.Reason.TooHigh',
  tooLow: 'ORDERS.Proposal.Reason.TooLow',
  noLintelThickness: 'ORDERS.Proposal.Reason.NoLintelThickness',
  notFilled: 'ORDERS.Proposal.Reason.NotFilled',
  noOpeningSize: 'ORDERS.Proposal.Reason.NoOpeningSize',
  tooWide: 'ORDERS.Proposal.Reason.TooWide',
} as const;

/** A wall as the proposal reads it. */
export interface ProposalWall {
  name: string;
  globalId: string;
  storey: string;
  dimensions: WallDimensions | null;
}

/** A wall or opening that gives no row, and why. */
export interface UnmatchedItem {
  wall: string;
  storey: string;
  /** The door, window or opening, when the reason is about one. */
  opening?: string;
  reason: (typeof PROPOSAL_REASON)[keyof typeof PROPOSAL_REASON];
  params?: Record<string, number | string>;
}

export interface OrderProposal<Row> {
  rows: Row[];
  unmatched: UnmatchedItem[];
}

/** An AAC row: room = the wall, storey = its storey, the article of its thickness, elements of one length. */
export interface AacProposalRow {
  key: string;
  wall: string;
  sublotName: string;
  floorName: string;
  productNo: number;
  /** Metres, as order items store it. */
  itemLength: number;
  qty: number;
  /** Storey-high elements, or the shorter ones above or below a large opening. */
  part: 'full' | 'above' | 'below';
}

/** A lintel row: the doors and windows of one wall that get the same lintel. */
export interface LintelProposalRow extends LintelDraftRow {
  key: string;
  wall: string;
  sublotName: string;
  floorName: string;
  thickness: number;
  length: number;
  height: number;
  productID: number;
  qty: number;
  /** The doors and windows it spans. */
  openings: string[];
}

/** A storey of the model the user may propose from when the lot has no walls of its own. */
export interface ProposalStorey {
  id: number;
  name: string;
  walls: number;
}

/** 200 of `GET /api/orders/{lotId}/proposal`: the rows and what could not be matched (texts in the user's language). */
export interface OrderProposalAnswer {
  status: 'ready';
  kind: 'aac' | 'lintel';
  file: { id: number; name: string };
  /** The walls came from the lot's links (`lot`) or from a storey the request chose. */
  source: 'lot' | 'storey';
  storeyId: number | null;
  walls: number;
  storeys: ProposalStorey[];
  rows: AacProposalRow[] | LintelProposalRow[];
  unmatched: (UnmatchedItem & { text: string })[];
}

export const roundUpToStep = (mm: number, step: number) => Math.ceil(Math.round(mm) / step) * step;
const roomText = (text: string) => text.trim().slice(0, ORDER_TEXT_MAX);

/**
 * The walls the proposal reads, in the model's order (storeys bottom to top): those named in `wallNames`
 * (matched case-insensitively, as the delivery overview matches them; a name the model does not hold is
 * reported), or every wall of one storey.
 */
export function proposalWalls(model: ViewerModel, choice: { wallNames: readonly string[] } | { storeyId: number }): { walls: ProposalWall[]; missing: string[] } {
  const all = model.children.flatMap((floor) =>
    floor.children.map((wall) => ({ floorId: floor.id, wall: { name: wall.name, globalId: wall.globalId, storey: floor.name, dimensions: wall.dimensions ?? null } })),
  );
  if ('storeyId' in choice) return { walls: all.filter((entry) => entry.floorId === choice.storeyId).map((entry) => entry.wall), missing: [] };
  const wanted = new Set(choice.wallNames.map((name) => name.trim().toLowerCase()));
  const walls = all.filter((entry) => wanted.has(entry.wall.name.toLowerCase())).map((entry) => entry.wall);
  const found = new Set(walls.map((wall) => wall.name.toLowerCase()));
  return { walls, missing: [...new Set(choice.wallNames.map((name) => name.trim()))].filter((name) => name && !found.has(name.toLowerCase())) };
}

/** The walls named that the model does not hold. */
const notInModel = (missing: readonly string[]): UnmatchedItem[] => missing.map((wall) => ({ wall, storey: '', reason: PROPOSAL_REASON.notInModel }));

/** The nearest of the thicknesses within the tolerance (the first of equally near ones), or null. */
export function fittingThickness(wallThickness: number, thicknesses: readonly number[]): number | null {
  let best: number | null = null;
  for (const thickness of thicknesses) {
    const distance = Math.abs(thickness - wallThickness);
    if (distance <= PROPOSAL_THICKNESS_TOLERANCE_MM && (best === null || distance < Math.abs(best - wallThickness))) best = thickness;
  }
  return best;
}

/** The active AAC article whose thickness fits the wall (the lowest product number among equally thick ones). */
export function aacProductFor(wallThickness: number, products: readonly AacProduct[]): AacProduct | null {
  const active = products.filter((product) => product.active).sort((a, b) => a.productNo - b.productNo);
  const thickness = fittingThickness(wallThickness, active.map((product) => product.thickness));
  return thickness === null ? null : (active.find((product) => product.thickness === thickness) ?? null);
}

type ElementCount = { part: AacProposalRow['part']; length: number; qty: number };

/**
 * The elements of one wall at one article: storey-high elements side by side along the wall,
 * ceil(length / width) of them; openings are cut out of them. Where an opening spans whole elements
 * (floor(width / element width)) and every part of the wall above and below it is at least the article's
 * shortest length, those elements are ordered at the lengths of these parts instead; an opening over the full
 * height leaves them out.
 */
export function aacElements(dimensions: { length: number; height: number; openings: readonly WallOpeningDimensions[] }, product: AacProduct): ElementCount[] {
  const fullLength = roundUpToStep(dimensions.height, AAC_LENGTH_STEP_MM);
  const total = Math.ceil(Math.round(dimensions.length) / product.width);
  const shorter = new Map<string, ElementCount>();
  let replaced = 0;
  for (const opening of dimensions.openings) {
    if (opening.width === null || opening.height === null || opening.sill === null) continue;
    const spanned = Math.floor(opening.width / product.width);
    if (spanned < 1) continue;
    const parts = [
      { part: 'above' as const, length: dimensions.height - opening.sill - opening.height },
      { part: 'below' as const, length: opening.sill },
    ].filter((piece) => piece.length > 0);
    const lengths = parts.map((piece) => ({ ...piece, length: roundUpToStep(piece.length, AAC_LENGTH_STEP_MM) }));
    if (!lengths.every((piece) => piece.length >= product.minLength && piece.length <= product.maxLength)) continue;
    const take = Math.min(spanned, total - replaced);
    if (take < 1) continue;
    replaced += take;
    for (const piece of lengths) {
      const key = `${piece.part}:${piece.length}`;
      const known = shorter.get(key) ?? { part: piece.part, length: piece.length, qty: 0 };
      known.qty += take;
      shorter.set(key, known);
    }
  }
  const rows: ElementCount[] = total - replaced > 0 ? [{ part: 'full', length: fullLength, qty: total - replaced }] : [];
  return [...rows, ...[...shorter.values()].sort((a, b) => b.length - a.length)];
}

/** AAC rows for the walls: one per wall and element length. */
export function proposeAacRows(walls: readonly ProposalWall[], products: readonly AacProduct[], missing: readonly string[] = []): OrderProposal<AacProposalRow> {
  const rows: AacProposalRow[] = [];
  const unmatched: UnmatchedItem[] = notInModel(missing);
  for (const wall of walls) {
    const { length, height, thickness } = wall.dimensions ?? {};
    const about = { wall: wall.name, storey: wall.storey };
    if (!length || !height || !thickness) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.noDimensions });
      continue;
    }
    const product = aacProductFor(thickness, products);
    if (!product) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.noAacThickness, params: { thickness } });
      continue;
    }
    const fullLength = roundUpToStep(height, AAC_LENGTH_STEP_MM);
    if (fullLength > product.maxLength) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.tooHigh, params: { height, max: product.maxLength, product: product.title } });
      continue;
    }
    if (fullLength < product.minLength) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.tooLow, params: { height, min: product.minLength, product: product.title } });
      continue;
    }
    for (const element of aacElements({ length, height, openings: wall.dimensions!.openings }, product)) {
      rows.push({
        key: `aac-${rows.length + 1}`,
        wall: wall.name,
        sublotName: roomText(wall.name),
        floorName: roomText(wall.storey),
        productNo: product.productNo,
        itemLength: mmToMetres(element.length),
        qty: element.qty,
        part: element.part,
      });
    }
  }
  return { rows, unmatched };
}

const BLANK_LINTEL: LintelDraftRow = { thickness: null, length: null, height: null, productID: null, hasCut: false, lintelType: null };

/**
 * The lintel of one opening through the catalogue's cascade: the wall's thickness, the opening's width plus the
 * bearing at both sides rounded up to the next length offered, the lowest height offered for that size, and the
 * product the lintel table picks for them.
 */
export function lintelFor(thickness: number, openingWidth: number, products: readonly LintelProduct[]): { row: LintelDraftRow; needed: number } | { row: null; needed: number; longest: number } {
  const needed = Math.round(openingWidth) + 2 * LINTEL_BEARING_MM;
  const lengths = lintelLengths(products, thickness);
  const length = lengths.find((candidate) => candidate >= needed);
  if (length === undefined) return { row: null, needed, longest: lengths.at(-1) ?? 0 };
  const sized = withLength(withThickness(BLANK_LINTEL, thickness), length);
  const [height] = lintelHeights(products, thickness, length);
  return { row: withHeight(sized, height ?? null, products), needed };
}

/** Lintel rows for the doors and windows of the walls: one per wall and lintel, the quantity its openings. */
export function proposeLintelRows(walls: readonly ProposalWall[], products: readonly LintelProduct[], missing: readonly string[] = []): OrderProposal<LintelProposalRow> {
  const rows: LintelProposalRow[] = [];
  const unmatched: UnmatchedItem[] = notInModel(missing);
  const thicknesses = lintelThicknesses(products);
  for (const wall of walls) {
    const about = { wall: wall.name, storey: wall.storey };
    const openings = wall.dimensions?.openings ?? [];
    const wallThickness = wall.dimensions?.thickness;
    if (!wall.dimensions || (!wallThickness && openings.length)) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.noDimensions });
      continue;
    }
    if (!openings.length) continue;
    const thickness = fittingThickness(wallThickness!, thicknesses);
    if (thickness === null) {
      unmatched.push({ ...about, reason: PROPOSAL_REASON.noLintelThickness, params: { thickness: wallThickness!, openings: openings.length } });
      continue;
    }
    const ofWall = new Map<string, LintelProposalRow>();
    for (const opening of openings) {
      const item = { ...about, opening: opening.name };
      if (opening.kind === 'opening') {
        unmatched.push({ ...item, reason: PROPOSAL_REASON.notFilled });
        continue;
      }
      if (!opening.width) {
        unmatched.push({ ...item, reason: PROPOSAL_REASON.noOpeningSize });
        continue;
      }
      const lintel = lintelFor(thickness, opening.width, products);
      if (!lintel.row || lintel.row.productID === null) {
        unmatched.push({ ...item, reason: PROPOSAL_REASON.tooWide, params: { width: opening.width, length: lintel.needed, max: 'longest' in lintel ? lintel.longest : 0 } });
        continue;
      }
      const row = lintel.row as LintelDraftRow & { thickness: number; length: number; height: number; productID: number };
      const key = `${row.length}:${row.height}:${row.productID}`;
      const known = ofWall.get(key);
      if (known) {
        known.qty += 1;
        known.openings.push(opening.name);
        continue;
      }
      ofWall.set(key, { ...row, key: '', wall: wall.name, sublotName: roomText(wall.name), floorName: roomText(wall.storey), qty: 1, openings: [opening.name] });
    }
    for (const row of [...ofWall.values()].sort((a, b) => a.length - b.length || a.height - b.height)) rows.push({ ...row, key: `lintel-${rows.length + 1}` });
  }
  return { rows, unmatched };
}
