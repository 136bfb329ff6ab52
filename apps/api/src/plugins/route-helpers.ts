import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from './authenticate.ts';

/**
 * What every route module shares (fastify/demo's route shape, with zod): the reply envelopes, the
 * OpenAPI security of a protected route, id path parameters, and the signed-in teacher.
 */

/** A success reply carrying `data`: `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A success reply carrying a message: `{ success: true, message }`. */
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

/** OpenAPI `security` of a route that takes an access token (with `requireAuth`). */
export const bearer = [{ bearerAuth: [] }];

/**
 * Path parameters holding one id, a UUID: `idParams('Content not found')` for `:id`,
 * `idParams('Class not found', 'class_id')` for `:class_id`. A malformed id is refused with the
 * same words as a missing one, so that it says nothing more.
 */
export function idParams<K extends string = 'id'>(notFoundMessage: string, name: K = 'id' as K) {
  return z.object({ [name]: z.string().uuid(notFoundMessage) } as { [P in K]: z.ZodString });
}

/** The signed-in teacher's id, on a route behind `requireAuth`. */
export const teacherOf = (req: FastifyRequest) => principalOf(req).userId;
