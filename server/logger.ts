/**
 * The part of Fastify's logger (pino) the server's own code writes with: the domain, the jobs and the app
 * context all take this, so a test can pass a recording one.
 */
export interface Logger {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}
