import { fetchUtils, HttpError } from 'react-admin';

export interface ApiMessageBody {
  status?: number;
  messages?: { type: string; text: string; reference?: string; key?: string }[];
}

/** The server's `messages` as one text, one message per line. */
export function messagesText(body: unknown): string | undefined {
  const messages = (body as ApiMessageBody | undefined)?.messages;
  if (!Array.isArray(messages) || !messages.length) return undefined;
  return messages.map((message) => message.text).join('\n');
}

/** fetchJson with the session cookie; errors carry the server's messages as their text. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(messagesText(error.body) ?? error.message, error.status, error.body);
    }
    throw error;
  }
}
