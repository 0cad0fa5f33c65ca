import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** What the receiver answers: a status, or 'hang' (never answers, like a receiver that died mid-request). */
export type Answer = number | 'hang';

/**
 * A local webhook receiver on 127.0.0.1 for the tests: records every request and answers from `answers`
 * (one per request, then `fallback`).
 */
export async function startReceiver(fallback: Answer = 204) {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const hanging: ServerResponse[] = [];
  const state = { fallback };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      const answer = answers.shift() ?? state.fallback;
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    setFallback(answer: Answer) {
      state.fallback = answer;
    },
    /** Waits until `count` requests arrived. */
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
