import { Type } from "typebox";
import { defineEndpoint } from "./endpoint.ts";

export const health = defineEndpoint({
  method: "GET",
  path: "/health",
  policy: "public",
  summary:
    "Liveness and which database and chain this process uses; 503 DRAINING while the process shuts down (load balancers stop sending)",
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

export const operationsEndpoints = [health] as const;
