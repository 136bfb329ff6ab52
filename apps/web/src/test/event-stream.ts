/**
 * A `text/event-stream` reply for mocked fetch (see fetch-mock's `mockApi`): the test sends its
 * chunks when it wants, to see each state of a streamed answer.
 */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  const response = new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
  });
  let closed = false;
  // the reader may have cancelled the stream (done, aborted): later chunks go nowhere
  const send = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      closed = true;
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      controller.close();
    } catch {
      // already cancelled by the reader
    }
  };
  return {
    response,
    /** For `mockApi`: a route answering with this stream. */
    handler: () => Promise.resolve(response) as unknown as Promise<never>,
    /** Raw text, split wherever the test likes. */
    send,
    delta: (text: string) => send(sseEvent('delta', { text })),
    /** The answer, then the end of the stream. */
    done(payload: unknown) {
      send(sseEvent('done', payload));
      close();
    },
    error(detail: string) {
      send(sseEvent('error', { success: false, error: 'ANSWER_FAILED', detail }));
      close();
    },
    close,
    /** The connection breaks; chunks not yet read are lost. */
    fail: (reason: unknown = new TypeError('network error')) => {
      closed = true;
      controller.error(reason);
    },
  };
}

/** One event as the server writes it. */
export const sseEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A whole event stream at once, e.g. `streamReply([sseEvent(...), ...])` as a route's reply. */
export function streamReply(chunks: string[]) {
  return () => {
    const stream = eventStream();
    for (const chunk of chunks) stream.send(chunk);
    stream.close();
    return stream.handler();
  };
}
