// OpenAPI documentation at /api/docs, generated from the same route schemas that validate.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { onRequestHookHandler } from 'fastify';

export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: {
          title: 'Animal Doctor API',
          version: '1.0.0',
          description: 'The API of the Animal Doctor vet directory. All calls of the Calls section of the product rules are POST with JSON bodies.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    // /api/docs itself: the readable page for a browser (which asks for HTML), the OpenAPI document for a program
    // (fetch, curl, a code generator), which also stays at /api/docs/json. Attached to that route only, as
    // swagger-ui registers it, so no other request pays for the check.
    fastify.addHook('onRoute', (route) => {
      const isGet = [route.method].flat().includes('GET');
      if (!isGet || (route.url !== '/api/docs' && route.url !== '/api/docs/')) return;
      const documentForPrograms: onRequestHookHandler = async (request, reply) => {
        if ((request.headers.accept ?? '').includes('text/html')) return;
        return reply.header('vary', 'Accept').type('application/json; charset=utf-8').send(fastify.swagger());
      };
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), documentForPrograms];
    });
    await fastify.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI's own CSP (scripts by hash); Swagger UI sets inline styles, as antd does.
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'docs' },
);
