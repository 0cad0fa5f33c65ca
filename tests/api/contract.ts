import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../server/openapi/document.js';

/**
 * Checks real answers of the API against the published contract (docs: `GET /api/openapi.json`): the route must be
 * documented, its status listed (errors: the `Error` shape), and a JSON body must match the response schema.
 * `createTestContext` wraps `app.request` with it, so the whole API suite checks the contract as it runs.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Template {
  template: string;
  regex: RegExp;
  params: number;
  methods: Record<string, Operation>;
}

let templates: Template[] | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function load(): Template[] {
  if (templates) return templates;
  const document = openApiDocument() as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
  ajv.addSchema({ $id: 'openapi', $defs: {}, components: document.components }, 'openapi');
  templates = Object.entries(document.paths).map(([template, methods]) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
    methods,
  }));
  // The route with the most fixed segments wins (as Hono's registration order makes it here).
  templates.sort((a, b) => a.params - b.params);
  return templates;
}

function validator(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    validate = ajv.compile(rewritten);
    validators.set(key, validate);
  }
  return validate;
}

export class ContractViolation extends Error {}

/** Throws a ContractViolation when the answer is not what the document promises. */
export async function checkResponse(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url, 'http://localhost').pathname;
  // Routes a test mounts on its own app to provoke something (an unexpected error) are not the portal's.
  if (path.startsWith('/test/')) return;
  const lower = method.toLowerCase();
  const match = load().find((entry) => entry.regex.test(path) && entry.methods[lower]);
  if (!match) {
    // Unknown routes answer 404 (401 first without a session; OPTIONS/HEAD are the framework's); nothing else may answer undocumented.
    if (response.status === 404 || response.status === 401 || lower === 'options' || lower === 'head') return;
    throw new ContractViolation(`${method} ${path} answered ${response.status} but is not in the OpenAPI document`);
  }
  const operation = match.methods[lower];
  const status = String(response.status);
  const documented = operation.responses[status] ?? (response.status >= 400 ? operation.responses.default : undefined);
  if (!documented) throw new ContractViolation(`${method} ${match.template}: status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!documented.content) {
    if (response.body && type && response.status !== 304) {
      const text = await response.clone().text();
      if (text) throw new ContractViolation(`${method} ${match.template} ${status}: documented without a body, answered ${type}`);
    }
    return;
  }
  const media = documented.content[type] ?? documented.content[`${type.split('/')[0]}/*`] ?? documented.content['*/*'];
  if (!media) throw new ContractViolation(`${method} ${match.template} ${status}: content type ${type || '(none)'} not documented (${Object.keys(documented.content).join(', ')})`);
  if (type !== 'application/json' || !media.schema) return;
  // Static JSON (the translations) may come compressed as the request accepted.
  const raw = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const body: unknown = JSON.parse((encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
  const validate = validator(`${lower} ${match.template} ${status in operation.responses ? status : 'default'}`, media.schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`).join('; ');
    throw new ContractViolation(`${method} ${match.template} ${status}: body does not match the document: ${problems}\n${JSON.stringify(body).slice(0, 400)}`);
  }
}

/** Throws a ContractViolation when a webhook body does not match the event's documented schema (`webhooks` of the document). */
export function checkWebhookBody(type: string, body: unknown): void {
  load();
  const document = openApiDocument() as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }> };
  const webhook = document.webhooks[type];
  if (!webhook) throw new ContractViolation(`event ${type} is not documented`);
  const validate = validator(`webhook ${type}`, webhook.post.requestBody.content['application/json'].schema);
  if (!validate(body)) throw new ContractViolation(`event ${type} does not match the document: ${JSON.stringify(validate.errors)}`);
}
