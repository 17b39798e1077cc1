/** Helpers for UI walks that start with a signed-in user on the real app, msw standing in for the server. */
import { screen } from "@testing-library/react";
import { createSessionStore } from "#src/api/session-store.ts";
import { renderApp } from "../client/render-app.tsx";
import type { createFakeBackend } from "../msw/fake-backend.ts";

type Backend = ReturnType<typeof createFakeBackend>;
type Figures = Parameters<Backend["rewards"]["seed"]>[1];

/** Stores a live session the way the app does after a login, gives the user `figures`, and renders `path`. */
export function renderSignedIn(
  backend: Backend,
  path: string,
  figures: Figures,
  options: Parameters<typeof renderApp>[1] = {},
) {
  const answer = backend.signedIn();
  createSessionStore(localStorage).write(answer);
  backend.rewards.seed(answer.user.id, figures);
  return { app: renderApp(path, options), userId: answer.user.id };
}

/** A toast by its title (sonner marks it), so it is not confused with a button of the same words. */
export const findToast = (title: string, options?: { timeout?: number }) =>
  screen.findByText(title, { selector: "[data-title]" }, options);
