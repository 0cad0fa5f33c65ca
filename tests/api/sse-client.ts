/** A reader of a Server-Sent Events response for tests: every event and comment as it arrives, and whether it ended. */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

export interface SseReader {
  messages: SseMessage[];
  comments: number;
  ended: boolean;
  /** Resolves with the first message (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves once the server ended the stream; rejects after `timeoutMs`. */
  end(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function readSse(response: Response): SseReader {
  if (!response.body) throw new Error('no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const waiters = new Set<() => void>();
  const state: SseReader = {
    messages: [],
    comments: 0,
    ended: false,
    next(match, timeoutMs = 5_000) {
      return waitFor(() => state.messages.find(match), timeoutMs, 'no matching event');
    },
    end(timeoutMs = 5_000) {
      return waitFor(() => (state.ended ? true : undefined), timeoutMs, 'the stream did not end').then(() => undefined);
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
  function waitFor<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return false;
        waiters.delete(check as () => void);
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check as () => void);
        reject(new Error(`${what} within ${timeoutMs} ms; got ${JSON.stringify(state.messages)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check as () => void);
    });
  }
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: SseMessage = { event: 'message', data: '' };
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const [field, ...rest] = line.split(':');
            const text = rest.join(':').replace(/^ /, '');
            if (field === 'event') message.event = text;
            else if (field === 'id') message.id = text;
            else if (field === 'data') message.data += (message.data ? '\n' : '') + text;
          }
          if (isComment) state.comments += 1;
          else state.messages.push(message);
        }
        for (const waiter of [...waiters]) waiter();
      }
    } catch {
      // cancelled
    }
    state.ended = true;
    for (const waiter of [...waiters]) waiter();
  })();
  return state;
}
