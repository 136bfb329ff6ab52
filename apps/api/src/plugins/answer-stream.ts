import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorReplyOf } from '../errors.ts';

/**
 * Sends an answer as Server-Sent Events while it is generated: `delta`
 * events with each new piece of its text, then `done` with exactly the data the non-streamed
 * route returns, or `error` (SPEC §8's error shape) when it fails after the first event.
 * The stream starts with the first event: a failure before it (an unknown class, a limit, a
 * refused question) is an ordinary JSON error reply with its status.
 *
 * The answer is finished and stored even if the client goes away; the events are then dropped.
 */
export async function streamAnswer<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (onText: (piece: string) => void) => Promise<T>,
): Promise<void> {
  let started = false;
  const send = (event: string, data: unknown) => {
    if (!started) {
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        // the headers set so far (security headers, request id…)
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        // no proxy may hold the events back or re-encode them
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
    }
    if (!reply.raw.writableEnded && !reply.raw.destroyed)
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const data = await run((piece) => send('delta', { text: piece }));
    send('done', data);
  } catch (error) {
    if (!started) throw error;
    const { status, body, headers, log } = errorReplyOf(error);
    req.log[log ?? 'info']({ err: error }, 'streamed answer failed after it started');
    // the same code as a reply before the stream would have had: a lost database says that a
    // retry will work (and when), a bug says only that something went wrong
    const retryAfter = headers['retry-after'];
    send(
      'error',
      status >= 500 && body.code === 'INTERNAL'
        ? { ...body, detail: 'Something went wrong while answering. Please try again.' }
        : { ...body, ...(retryAfter ? { retry_after: Number(retryAfter) } : {}) },
    );
  }
  reply.raw.end();
}
