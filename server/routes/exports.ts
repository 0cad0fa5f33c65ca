import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.js';
import { sessionUser } from '../lib/request.js';
import { exportPaging, lotPage, pageRows, toCsv, exportFilter } from '../services/order-export.js';

/** `GET /api/exports/orders.csv?tenantID=&from=&to=&kind=`: one line per order line of every placed order, streamed. */
export const exportRoutes = new Hono<AppEnv>();

exportRoutes.get('/orders.csv', (c) => {
  const filter = exportFilter(sessionUser(c), c.req.query());
  const db = c.get('db');
  const log = c.get('log');
  const encoder = new TextEncoder();
  let after: { placedAt: string; id: number } | null = null;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const lots = await lotPage(db, filter, after);
        if (lots.length) {
          const last = lots[lots.length - 1];
          after = { placedAt: last.placedAt, id: last.lot.id };
        }
        const text = toCsv(await pageRows(db, lots), first);
        first = false;
        if (text) controller.enqueue(encoder.encode(text));
        if (lots.length < exportPaging.lotsPerPage) controller.close();
      } catch (error) {
        log.error({ err: error }, 'order export failed');
        controller.error(error);
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
    'Cache-Control': 'no-store',
  });
});
