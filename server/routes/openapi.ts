import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { openApiDocument } from '../openapi/document.js';

const swaggerDir = join(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), '..');
/** The viewer's files served from the package (no CDN: the CSP allows 'self' only). */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>planXchange API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// Same-origin "Try it out" uses the portal's session cookie; the online validator badge is off (no outside calls).
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, tryItOutEnabled: false, withCredentials: true });\n`;

/** `GET /api/openapi.json` (the contract) and `GET /api/docs` (Swagger UI over it), both public. */
export const openApiRoutes = new Hono<AppEnv>();

openApiRoutes.get('/openapi.json', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(openApiDocument());
});

openApiRoutes.get('/docs', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.html(PAGE);
});

openApiRoutes.get('/docs/:file', (c) => {
  const file = c.req.param('file');
  if (file === 'init.js') return c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  const type = SWAGGER_FILES[file];
  if (!type) throw ApiError.notFound();
  return c.body(readFileSync(join(swaggerDir, file)), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
});
