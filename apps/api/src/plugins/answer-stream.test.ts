import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { notFound } from '../errors.ts';
import { streamAnswer } from './answer-stream.ts';

/** The events of a text/event-stream body, in order. */
const eventsOf = (body: string) =>
  body
    .trim()
    .split('\n\n')
    .map((block) => {
      const [event, data] = block.split('\n');
      return {
        event: event!.replace('event: ', ''),
        data: JSON.parse(data!.replace('data: ', '')),
      };
    });

/** A failure after the first event reaches the client as the `error` event's code. */
async function failedStream(failure: unknown) {
  const app = Fastify({ logger: false });
  app.get('/stream', (req, reply) =>
    streamAnswer(req, reply, async (onText) => {
      onText('The final exam is');
      throw failure;
    }),
  );
  const res = await app.inject({ method: 'GET', url: '/stream' });
  await app.close();
  expect(res.statusCode).toBe(200);
  const events = eventsOf(res.body);
  expect(events[0]).toEqual({ event: 'delta', data: { text: 'The final exam is' } });
  expect(events).toHaveLength(2);
  expect(events[1]!.event).toBe('error');
  return events[1]!.data;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a streamed answer that fails after it started', () => {
  it('says the service is briefly unavailable, and when to retry, when the database timed out', async () => {
    for (const failure of [
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('terminating connection due to administrator command', '57P01'),
      new Error('Connection terminated unexpectedly'),
    ]) {
      expect(await failedStream(failure)).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The service is briefly unavailable. Please try again in a few seconds.',
        retry_after: 5,
      });
    }
  });

  it('keeps a known failure with its code and a bug as INTERNAL, without its message', async () => {
    expect(await failedStream(notFound('Class'))).toEqual({
      success: false,
      code: 'NOT_FOUND',
      detail: 'Class not found',
    });
    expect(await failedStream(new TypeError('x is undefined'))).toEqual({
      success: false,
      code: 'INTERNAL',
      detail: 'Something went wrong while answering. Please try again.',
    });
  });
});
