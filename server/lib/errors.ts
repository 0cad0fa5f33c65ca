import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { RuleResult } from '../../src/domain/projectState.js';
import { MESSAGE } from '../../src/domain/validation.js';
import { translate } from './i18n.js';

export interface ApiMessage {
  type: 'error' | 'warning' | 'info';
  text: string;
  /** The field (dotted path) the message is about. */
  reference?: string;
  /** The translation key behind the text, for clients that translate themselves. */
  key?: string;
  /** A machine-readable error code where a client reacts to a specific error (e.g. InvalidPassword). */
  code?: string;
}

export interface ApiErrorBody {
  status: number;
  messages: ApiMessage[];
  /** The request's id (also in the X-Request-Id header): what support asks for, what the log lines carry. */
  requestId?: string;
}

/** Every deliberate error of the API: one status and one or more messages. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messages: { key?: string; text?: string; reference?: string; code?: string; params?: Record<string, unknown> }[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.map((m) => m.text ?? m.key).join('; '));
  }

  static badRequest(key: string, reference?: string, params?: Record<string, unknown>) {
    return new ApiError(400, [{ key, reference, params }]);
  }
  static unauthorized() {
    return new ApiError(401, [{ key: 'ERRORMESSAGES.NotAuthenticated' }]);
  }
  static forbidden() {
    return new ApiError(403, [{ key: 'ERRORMESSAGES.NotAllowed' }]);
  }
  static notFound() {
    return new ApiError(404, [{ key: 'ERRORMESSAGES.NotFound' }]);
  }
  static conflict(key: string, params?: Record<string, unknown>) {
    return new ApiError(409, [{ key, params }]);
  }
  /**
   * A domain rule that refused (src/domain): 403 with the rule's reason as the key, so the client shows the same
   * words it shows beside the disabled control. `code` tells a client which kind of refusal it is.
   */
  static fromRule(rule: Extract<RuleResult, { allowed: false }>, code = 'RuleViolation') {
    return ApiError.refused(rule.reason, code);
  }

  /** A yes/no rule that said no (no RuleResult to carry the reason): the 403 with the rule's message key. */
  static refused(key: string, code = 'RuleViolation') {
    return new ApiError(403, [{ key, code }]);
  }
}

/** A zod failure becomes one message per field. */
export function fromZod(error: z.ZodError, prefix = ''): ApiError {
  const messages = error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { key: MESSAGE.unknownField, reference: [path, issue.keys.join(',')].filter(Boolean).join('.'), params: { fields: issue.keys.join(', ') } };
    }
    const key = issue.message.includes('.') && /^[A-Z]/.test(issue.message) ? issue.message : MESSAGE.invalidValue;
    const params: Record<string, unknown> = {};
    if ('maximum' in issue) params.max = issue.maximum;
    if ('minimum' in issue) params.min = issue.minimum;
    return { key, reference: path || undefined, params };
  });
  return new ApiError(400, messages);
}

/** Parameters given as functions of the language (a localized wait, a date) are resolved here. */
function localizedParams(params: Record<string, unknown> | undefined, language: string): Record<string, unknown> | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'function' ? value(language) : value]));
}

export function errorBody(error: ApiError, language: string): ApiErrorBody {
  return {
    status: error.status,
    messages: error.messages.map((m) => ({
      type: 'error' as const,
      text: m.text ?? translate(language, m.key ?? 'ERRORMESSAGES.Unknown', localizedParams(m.params, language)),
      ...(m.reference ? { reference: m.reference } : {}),
      ...(m.key ? { key: m.key } : {}),
      ...(m.code ? { code: m.code } : {}),
    })),
  };
}

export function sendError(c: Context, error: ApiError, language: string) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const requestId = c.get('requestId') as string | undefined;
  return c.json({ ...errorBody(error, language), ...(requestId ? { requestId } : {}) }, error.status);
}
