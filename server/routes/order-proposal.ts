import { Hono } from 'hono';
import { parseWallNos } from '../../src/domain/deliveries.js';
import {
  PROPOSAL_MESSAGE,
  proposalWalls,
  proposeAacRows,
  proposeLintelRows,
  type AacProposalRow,
  type LintelProposalRow,
  type OrderProposal,
  type OrderProposalAnswer,
  type ProposalStorey,
} from '../../src/domain/orderProposal.js';
import { ORDER_MESSAGE } from '../../src/domain/orders.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import { withStoreyNames, type ViewerModel } from '../../src/domain/viewerModel.js';
import { catalogueOf } from '../lib/catalogue.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { sessionUser } from '../lib/request.js';
import { viewerFileOf, viewerModelOf } from '../services/ifc-viewer.js';
import { orderLot, rowsEditable } from '../services/orders.js';
import { failureMessages } from '../services/viewer-messages.js';

const storeysOf = (model: ViewerModel): ProposalStorey[] => model.children.map((floor) => ({ id: floor.id, name: floor.name, walls: floor.children.length }));

/**
 * `GET /api/orders/{lotId}/proposal[?storey={id}]` (issue #26): AAC or lintel rows proposed from the model the lot
 * shows, for the walls linked to the lot (`WallNos=` in its data, as the structure links approval lots) or for one
 * storey's walls. Reads the cached extraction only: a model not read yet answers 202 while the viewer's worker
 * reads it. Only for the holder of the lot's PlaceOrder task, as the rows it proposes.
 */
export const orderProposalRoutes = new Hono<AppEnv>();

orderProposalRoutes.get('/:lotId/proposal', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const lot = await orderLot(db, user, c.req.param('lotId'));
  if (!(await rowsEditable(db, user, lot.access))) throw ApiError.refused(ORDER_MESSAGE.notEditable);
  const storeyParam = c.req.query('storey');
  if (storeyParam !== undefined && !/^\d{1,9}$/.test(storeyParam)) throw ApiError.badRequest('VALIDATION.InvalidValue', 'storey');

  const file = await viewerFileOf(db, lot.access.unit.id);
  if (!file) throw new ApiError(404, [{ key: PROPOSAL_MESSAGE.noModel, code: 'NoModel' }]);
  const model = await viewerModelOf(db, c.get('files'), file);
  const fileRef = { id: file.id, name: file.name };
  c.header('Cache-Control', 'private, no-store');
  if (model?.status === 'pending') return c.json({ status: 'pending', file: fileRef }, 202);
  if (model?.status !== 'ready' || !model.model) return c.json({ status: 'failed', file: fileRef, messages: failureMessages(model, user.language) }, 422);

  const tree = withStoreyNames(model.model, (n) => translate(user.language, 'IFC.Fallback.Storey', { n }));
  const storeys = storeysOf(tree);
  const wallNames = parseWallNos(parseUnitData(lot.access.unit.data).WallNos);
  let choice: Parameters<typeof proposalWalls>[1];
  if (storeyParam !== undefined) {
    const storeyId = Number(storeyParam);
    if (!storeys.some((storey) => storey.id === storeyId)) throw new ApiError(422, [{ key: PROPOSAL_MESSAGE.unknownStorey, reference: 'storey', code: 'UnknownStorey' }]);
    choice = { storeyId };
  } else if (wallNames.length) {
    choice = { wallNames };
  } else {
    // The dialog offers the storeys instead.
    const text = translate(user.language, PROPOSAL_MESSAGE.noWalls);
    return c.json({ status: 422, messages: [{ type: 'error', key: PROPOSAL_MESSAGE.noWalls, code: 'NoWalls', text }], file: fileRef, storeys }, 422);
  }

  const { walls, missing } = proposalWalls(tree, choice);
  const catalogue = await catalogueOf(db, lot.access.unit.tenantId, { activeOnly: true });
  const proposal: OrderProposal<AacProposalRow | LintelProposalRow> = lot.kind === 'aac' ? proposeAacRows(walls, catalogue.aac, missing) : proposeLintelRows(walls, catalogue.lintel, missing);
  const answer: OrderProposalAnswer = {
    status: 'ready',
    kind: lot.kind,
    file: fileRef,
    source: 'storeyId' in choice ? 'storey' : 'lot',
    storeyId: 'storeyId' in choice ? choice.storeyId : null,
    walls: walls.length,
    storeys,
    rows: proposal.rows as AacProposalRow[] | LintelProposalRow[],
    unmatched: proposal.unmatched.map((item) => ({ ...item, text: translate(user.language, item.reason, item.params) })),
  };
  return c.json(answer);
});
