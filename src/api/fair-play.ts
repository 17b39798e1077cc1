/**
 * Typed calls of the player's side of fair play (docs/fair-play.md): their standing, and asking a person to
 * review it (one open appeal at a time, 409 APPEAL_OPEN).
 */
import type { AnswerOf } from "#contracts/endpoint.ts";
import type * as fairPlay from "#contracts/fair-play.ts";
import { call, route } from "./call.ts";
import type { ApiClient } from "./client.ts";

export type StandingAnswer = AnswerOf<typeof fairPlay.standing>;

const routes = {
  standing: route<typeof fairPlay.standing>("GET", "/user/:id/standing"),
  appeal: route<typeof fairPlay.appeal>("POST", "/user/:id/standing/appeal"),
};

export function fairPlayApi(client: ApiClient) {
  return {
    standing: (userId: string) => call(client, routes.standing, { params: { id: userId } }),
    appeal: (userId: string, message: string) =>
      call(client, routes.appeal, { params: { id: userId }, body: { message } }),
  };
}

export type FairPlayApi = ReturnType<typeof fairPlayApi>;
