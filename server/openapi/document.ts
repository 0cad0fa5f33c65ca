import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registry } from './registry.js';
import './paths-account.js';
import './paths-projects.js';
import './paths-orders.js';
import './paths-admin.js';
import './paths-integration.js';
import './paths-bulk.js';
import './paths-live.js';

let document: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document, generated once from the registry (the routes' zod schemas and the response schemas). */
export function openApiDocument(): Record<string, unknown> {
  document ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'planXchange API',
      version: '1.0.0',
      description:
        'The portal’s REST contract, generated from the zod schemas that validate the routes. Prose, rules and decisions: docs/api.md in the repository. ' +
        'Every route except the public ones needs the session cookie from `POST /api/auth/login`; writes need `Content-Type: application/json` and a same-site `Origin` (or none). ' +
        'Errors always have the `Error` shape.',
    },
    servers: [{ url: '/' }],
  }) as unknown as Record<string, unknown>;
  return document;
}
