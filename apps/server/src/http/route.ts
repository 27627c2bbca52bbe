/**
 * `defineRoute`: one typed way to add an endpoint. It records the route's access rule (enforced by
 * the hook in app.ts before anything else runs), validates params, query and body with zod
 * (400 INVALID_PARAMS naming the field), wraps the handler's value in the API envelope, and records
 * the route for the OpenAPI document. A handler that streams sends the reply itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { AppError, describeZodError } from './errors.js';
import { ERROR_CODES } from '@askdb/contracts';
import { ACCESS_RULES, type AccessRule } from './access.js';

export interface RouteSpec<B extends ZodType | undefined, Q extends ZodType | undefined, P extends ZodType | undefined> {
  /** Who may call it (http/access.ts). Required: a route without a rule does not register. */
  access: AccessRule;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  summary: string;
  tag?: string;
  body?: B;
  query?: Q;
  params?: P;
  /** The response is not the JSON envelope (streams, files). */
  raw?: { contentType: string };
  /** Largest request body in bytes, when it should be below the server's default (64 MiB). */
  bodyLimit?: number;
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;
export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}
export type Handler<B, Q, P> = (input: RouteInput<B, Q, P>, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

export interface RegisteredRoute {
  spec: RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined>;
}
const registry: RegisteredRoute[] = [];
export function registeredRoutes(): readonly RegisteredRoute[] {
  return registry;
}
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access rule, read by the access hook. Absent only on routes we did not define (static files, 404). */
    access?: AccessRule;
  }
}

function parse<T extends ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (!r.success) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, `Invalid ${where}: ${describeZodError(r.error)}`);
  return r.data;
}

export function defineRoute<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P>,
  handler: Handler<Out<B>, Out<Q>, Out<P>>,
): void {
  if (!ACCESS_RULES.includes(spec.access)) throw new Error(`Route ${spec.method} ${spec.url} has no access rule (one of ${ACCESS_RULES.join(', ')})`);
  if (!registry.some((r) => r.spec.method === spec.method && r.spec.url === spec.url)) registry.push({ spec: spec as RegisteredRoute['spec'] });
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      const input = {
        body: (spec.body ? parse(spec.body, req.body, 'body') : undefined) as Out<B>,
        query: (spec.query ? parse(spec.query, req.query, 'query') : undefined) as Out<Q>,
        params: (spec.params ? parse(spec.params, req.params, 'params') : undefined) as Out<P>,
      };
      const data = await handler(input, req, reply);
      if (reply.sent || data === reply) return reply;
      return reply.send({ success: true, data: data === undefined ? null : data });
    },
  });
}
