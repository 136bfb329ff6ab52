import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { AuthService, Principal } from '../features/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** onRequest hook for protected routes (before the body is parsed or validated): a valid access token of a live session, or 401. */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.principal = await auth.authenticate(token);
  };
}

/** The principal the requireAuth hook attached. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
