// Places: a zip code's city, state and time zone, so the vet's wizard fills them in (docs/product.md 28.5).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';

const ZipPlaceSchema = Type.Object({ zip: Type.String(), city: Type.String(), state: Type.String(), timeZone: Type.String() });

const placeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/zip/:zip',
    {
      schema: {
        tags: ['places'],
        summary: "A zip code's city, state (two letters) and time zone (IANA name, worked out from the state and longitude)",
        params: Type.Object({ zip: Type.String({ maxLength: 10 }) }),
        response: { 200: ZipPlaceSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const zip = request.params.zip.trim();
      if (!/^\d{5}$/.test(zip)) throw domainError(400, 'VALIDATION_ERROR', 'Enter a five-digit zip code.', { field: 'zip' });
      const place = await fastify.listing.zipPlace(zip);
      if (!place) throw domainError(404, 'UNKNOWN_ZIP', `We do not know the zip code ${zip}. Please check it.`, { field: 'zip' });
      // A zip code's place changes only when the table is reloaded.
      reply.header('Cache-Control', 'public, max-age=3600');
      return place;
    },
  );
};

export default placeRoutes;
