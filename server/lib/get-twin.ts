// Public reads answer GET too (docs/product.md, The API 2.2): `publicRead` registers the POST call with its
// body schema and, at the same path, a GET twin whose query string is read as that same body. The query's
// text is turned into the types the schema asks for (numbers, true/false, lists), then checked by the same
// schema and validator as the POST, so both refuse the same input with the same sentence and call one handler.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Static, TObject, TSchema } from '@sinclair/typebox';

type QueryValue = string | string[] | undefined;

/** A query string's value as a field of the body schema wants it; text that does not read as that type stays text, for the validator to refuse. */
function valueFromText(schema: TSchema, text: string): unknown {
  if (Array.isArray(schema.anyOf)) {
    for (const option of schema.anyOf as TSchema[]) {
      const value = valueFromText(option, text);
      if (value !== text) return value;
    }
    return text;
  }
  switch (schema.type) {
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : text;
    default:
      return text;
  }
}

/**
 * The query string as the POST body it stands for: an empty value counts as absent (the schema's default
 * applies); a list is written as repeated keys or with commas (`species=dog,cat`); a field the schema does
 * not know, or a single-valued field given twice, is passed on as it is and refused as the POST refuses it.
 */
export function queryAsBody(schema: TObject, query: Record<string, QueryValue>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (raw === undefined || raw === '') continue;
    const field = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!field) body[key] = raw;
    else if (field.type === 'array') {
      const items = (Array.isArray(raw) ? raw : [raw]).flatMap((text) => text.split(',')).map((text) => text.trim());
      body[key] = items.filter(Boolean).map((text) => valueFromText(field.items as TSchema, text));
    } else body[key] = Array.isArray(raw) ? raw : valueFromText(field, raw);
  }
  return body;
}

export interface PublicReadOptions<B extends TObject> {
  tags: string[];
  summary: string;
  body: B;
  response: FastifySchema['response'];
}

/** Registers POST `path` and its GET twin; `handler` gets the checked body either way. */
export function publicRead<B extends TObject>(
  fastify: FastifyInstance,
  path: string,
  { tags, summary, body, response }: PublicReadOptions<B>,
  handler: (request: FastifyRequest, reply: FastifyReply, input: Static<B>) => Promise<unknown>,
): void {
  fastify.post(path, {
    schema: { tags, summary, body, response },
    handler: (request, reply) => handler(request, reply, request.body as Static<B>),
  });
  fastify.get(path, {
    schema: { tags, summary: `${summary}: the same as a cacheable GET, the fields in the query string`, querystring: body, response },
    preValidation: async (request) => {
      request.query = queryAsBody(body, request.query as Record<string, QueryValue>);
    },
    handler: (request, reply) => handler(request, reply, request.query as Static<B>),
  });
}
