/** The OpenAPI document built from the routes registered with `defineRoute` and their zod schemas. */
import { z, type ZodType } from 'zod';
import { registeredRoutes } from './route.js';

function schemaOf(s: ZodType | undefined): unknown {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

function queryParameters(s: ZodType | undefined, where: 'query' | 'path'): unknown[] {
  const js = schemaOf(s) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!js?.properties) return [];
  return Object.entries(js.properties).map(([name, schema]) => ({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema }));
}

export function buildOpenApi(version: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec } of registeredRoutes()) {
    const url = spec.url.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      summary: spec.summary,
      tags: [spec.tag ?? url.split('/')[2] ?? 'api'],
      parameters: [...queryParameters(spec.query, 'query'), ...queryParameters(spec.params, 'path')],
      responses: {
        '200': spec.raw
          ? { description: 'Stream', content: { [spec.raw.contentType]: {} } }
          : { description: 'Envelope { success, errorCode?, errorMessage?, data? }', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
        '400': { description: 'INVALID_PARAMS' },
      },
    };
    if (spec.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(spec.body) } } };
    (paths[url] ??= {})[spec.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'AskDB API', version },
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          properties: {
            success: { type: 'boolean' }, errorCode: { type: 'string' }, errorMessage: { type: 'string' },
            errorDetail: { type: 'string' }, solutionLink: { type: 'string' }, data: {},
          },
          required: ['success'],
        },
      },
    },
  };
}
