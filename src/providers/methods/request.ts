import type { fetchUtils } from 'react-admin';
import { httpClient } from '../http';

/** The REST prefix of the ra-data-simple-rest resources (and of the spec's calls under planxchange). */
export const API_BASE = '/api/data/planxchange';

/** A call whose answer is JSON; errors are HttpErrors carrying the server's messages. */
export async function getJson<T>(url: string, options?: fetchUtils.Options): Promise<T> {
  return (await httpClient(url, options)).json as T;
}

/** A write with a JSON body (or none); answers the server's JSON. */
export function sendJson<T>(url: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown, signal?: AbortSignal): Promise<T> {
  return getJson<T>(url, { method, body: body === undefined ? undefined : JSON.stringify(body), signal });
}

/** A multipart upload (no streaming or progress needed: files are bounded by the server). */
export function sendForm<T>(url: string, form: FormData): Promise<T> {
  return getJson<T>(url, { method: 'POST', body: form });
}
