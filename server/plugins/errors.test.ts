/**
 * What the error handler writes to the log: a client error at info, a 5xx answered on purpose (an AppError such
 * as draining) as a warning with its code and no stack, anything unexpected as an error with its stack.
 */
import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { installErrorHandler } from "./errors.ts";

async function logged(thrown: Error) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream }, disableRequestLogging: true });
  installErrorHandler(app);
  app.get("/fail", async () => {
    throw thrown;
  });
  const res = await app.inject({ url: "/fail" });
  await app.close();
  return { status: res.statusCode, body: res.json(), lines };
}

describe("the error handler's log", () => {
  it("logs a 5xx answered on purpose as a warning with its code and no stack", async () => {
    const { status, body, lines } = await logged(new AppError("DRAINING", "Shutting down."));
    expect(status).toBe(503);
    expect(body).toEqual({ error: { code: "DRAINING", message: "Shutting down." } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, code: "DRAINING", status: 503, msg: "Shutting down." });
    expect(lines[0]).not.toHaveProperty("err");
  });

  it("logs an unexpected error as an error with its stack, and answers a generic 500", async () => {
    const { status, body, lines } = await logged(new Error("boom"));
    expect(status).toBe(500);
    expect(body).toMatchObject({ error: { code: "SERVER_ERROR" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "request failed", err: { message: "boom" } });
    expect((lines[0]!.err as { stack: string }).stack).toContain("boom");
  });

  it("logs a client error at info", async () => {
    const { status, lines } = await logged(new AppError("CONFLICT", "Already there."));
    expect(status).toBe(409);
    expect(lines[0]).toMatchObject({ level: 30, code: "CONFLICT", status: 409 });
  });
});
