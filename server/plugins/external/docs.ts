// OpenAPI documentation at /api/docs, generated from the same route schemas that validate.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

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
    await fastify.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI's own CSP (scripts by hash); Swagger UI sets inline styles, as antd does.
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
    // /api/docs itself: the readable page for a browser (which asks for HTML), the OpenAPI document for a program
    // (fetch, curl, a code generator), which also stays at /api/docs/json.
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !/^\/api\/docs\/?(\?|$)/.test(request.url) || (request.headers.accept ?? '').includes('text/html')) return;
      return reply.header('vary', 'Accept').type('application/json; charset=utf-8').send(fastify.swagger());
    });
  },
  { name: 'docs' },
);
