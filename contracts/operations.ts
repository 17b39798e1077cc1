import { Type } from "typebox";
import { defineEndpoint } from "./endpoint.ts";

export const health = defineEndpoint({
  method: "GET",
  path: "/health",
  policy: "public",
  summary:
    "Liveness: the process answers, and which database and chain it uses. Touches neither; stays 200 while the process drains (see /ready)",
  tags: ["operations"],
  response: {
    200: Type.Object(
      {
        status: Type.Literal("ok"),
        db: Type.Union([Type.Literal("pglite"), Type.Literal("postgres")]),
        chain: Type.Union([Type.Literal("local"), Type.Literal("tron")]),
      },
      { additionalProperties: false },
    ),
  },
});

export const ready = defineEndpoint({
  method: "GET",
  path: "/ready",
  policy: "public",
  summary:
    "Readiness for a load balancer: the database answers (SELECT 1) and the chain gateway's last probe; 503 DRAINING from the moment the process is told to stop, 503 DATABASE_UNAVAILABLE when the database does not answer",
  tags: ["operations"],
  response: {
    200: Type.Object(
      {
        status: Type.Literal("ready"),
        db: Type.Literal("ok"),
        chain: Type.Union([Type.Literal("ok"), Type.Literal("unavailable"), Type.Literal("unknown")]),
      },
      { additionalProperties: false },
    ),
  },
});

export const metrics = defineEndpoint({
  method: "GET",
  path: "/metrics",
  policy: "metrics",
  summary:
    "This instance's Prometheus metrics (text format 0.0.4); only with Authorization: Bearer <METRICS_TOKEN>, 404 while METRICS_TOKEN is unset",
  tags: ["operations"],
  response: { 200: Type.String() },
});

export const operationsEndpoints = [health, ready, metrics] as const;
