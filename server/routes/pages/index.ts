// The pages of the app (docs/product.md, Screens and routes): one GET route for each address of the route table
// (shared/routes.ts), with and without a trailing slash as the browser's router reads them, and the root address,
// which has the home page's head. Each answers the built shell with the page's head, embedded data and first screen
// (`fastify.pages`, plugins/app/seo/page-answer.ts). Addresses the table does not have are the not-found handler's
// (plugins/external/web-app.ts). Without a built app there are no pages.
import type { FastifyPluginAsync, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { ROUTE_LIST, type RouteName } from '../../../shared/routes';

/** Pages are not calls of the API: they stay out of its documentation. */
const options: RouteShorthandOptions = { schema: { hide: true } };

const pageRoutes: FastifyPluginAsync = async (fastify) => {
  const { pages } = fastify;
  if (!pages) return;
  const page: RouteHandlerMethod = (request, reply) => pages.answer(request, reply);
  // The profile's page carries the whole get-by-id answer and does not call it, so its view is counted here, once
  // the page is known to show a listed vet; a HEAD is not a view (docs/product.md, Plans and payment;
  // docs/decisions/068-profile-view-counted-with-the-page.md).
  const profilePage: RouteHandlerMethod = (request, reply) =>
    pages.answer(request, reply, async ({ initialData }) => {
      if (request.method === 'GET' && initialData?.doctor) await fastify.profileStats.recordFromRequest(request, [initialData.doctor.id], 'views');
    });
  const handlers: Partial<Record<RouteName, RouteHandlerMethod>> = { doctorProfile: profilePage };

  fastify.get('/', options, page);
  for (const [name, route] of ROUTE_LIST) {
    fastify.get(route.path, options, handlers[name] ?? page);
    fastify.get(`${route.path}/`, options, handlers[name] ?? page);
  }
};

export default pageRoutes;
