/**
 * Authorization, deny by default: every /api route must name its policy (server/plugins/policies.ts checks it
 * on each request), and a route without one stops the app at start-up. Wrapped with fastify-plugin: the guard
 * must see every route, wherever it is registered, and `request.auth` and `app.registeredRoutes` belong to the
 * root.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { dummyPasswordHash } from "../domain/auth/passwords.ts";
import { installRouteGuard, type RegisteredRoute } from "../routes/register-endpoint.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its policy (the authorization tests walk this list). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

const auth: FastifyPluginAsync = async (app) => {
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.decorateRequest("auth", null);
  installRouteGuard(app, registeredRoutes);
  // Computed once up front so the first unknown-email login is not slower than the rest.
  app.addHook("onReady", async () => {
    await dummyPasswordHash();
  });
};

export const authPlugin = fp(auth, { name: "auth", fastify: "5.x" });
