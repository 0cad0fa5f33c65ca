import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.js';
import { metricsEndpoint, type Metrics } from '../lib/metrics.js';
import { checkReadiness } from '../lib/readiness.js';

/**
 * For load balancers, orchestrators and Prometheus, outside the session guard: GET /api/health (the process
 * answers), GET /api/ready (it can serve: database reachable, migrations applied) and GET /metrics.
 * While the server starts or stops, server/lib/lifecycle.ts answers /api/ready with 503 before this app.
 */
/** These answer whatever host a probe addresses (they give no links). */
export const OPERATIONS_PATHS = ['/api/health', '/api/ready', '/metrics'];

export function operationsRoutes(metrics: Metrics, metricsToken: string | undefined) {
  const routes = new Hono<AppEnv>();
  routes.get('/api/health', (c) => c.json({ status: 'ok' }));
  routes.get('/api/ready', async (c) => {
    const { ready, checks } = await checkReadiness(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
  });
  routes.get('/metrics', metricsEndpoint(metrics, metricsToken));
  return routes;
}
