/**
 * The built pages and the browser's first render are the same markup (docs/decisions/043): the build's render
 * (render-page.tsx) is hydrated by the app's own start (mount-app.tsx) without a mismatch, the DOM the page
 * painted is kept (nodes, typed text), and the sign-in buttons wait for React.
 */
import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountApp } from "#src/mount-app.tsx";
import { createAppRouter } from "#src/router.tsx";
import { type AppRuntime, createRuntime } from "#src/runtime.ts";
import { renderPage } from "./render-page.tsx";

let runtime: AppRuntime | undefined;
const loadRuntime = async () => {
  runtime ??= createRuntime({ openEventSource: null });
  return runtime;
};

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    // Building and hydrating in one process puts React's server and client renderers on the same
    // contexts, which only a test does: not a mismatch.
    if (String(args[0]).startsWith("Detected multiple renderers")) return;
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  runtime?.app.stop();
  runtime = undefined;
  document.body.innerHTML = "";
});

/** The page as the server sends it: the built markup in the root, which names the page it holds. */
async function builtPage(href: string, opened = href) {
  const { markup } = await renderPage(href);
  document.body.innerHTML = `<div id="root" data-page="${href}">${markup}</div>`;
  window.history.replaceState(null, "", opened);
  return document.getElementById("root")!;
}

async function mount(root: HTMLElement) {
  let how: string | undefined;
  await act(async () => {
    how = await mountApp(root, createAppRouter({ loadRuntime }));
  });
  return how;
}

describe("the landing page", () => {
  it("is built with its content and hydrated as it is", async () => {
    const root = await builtPage("/");
    expect(root.textContent).toContain("Advanced Features");
    const heading = root.querySelector("h1")!;

    expect(await mount(root)).toBe("hydrated");
    expect(root.contains(heading)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});

describe("/auth", () => {
  it.each([
    ["/auth", "Login"],
    ["/auth?mode=signup", "Sign Up"],
    ["/auth?mode=forgot", "Send Reset Link"],
    ["/auth?mode=reset", "Set New Password"],
  ])("%s is built with its form, typed into before React runs, and hydrated", async (href, button) => {
    const root = await builtPage(href);
    const submit = [...root.querySelectorAll("button")].find((node) => node.textContent === button)!;
    // Pressed before the app runs, the form would submit natively, the password in the address.
    expect(submit.disabled).toBe(true);
    const field = root.querySelector("input")!;
    field.value = "typed before React";

    expect(await mount(root)).toBe("hydrated");
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(root.contains(submit) && root.contains(field)).toBe(true);
    expect(field.value).toBe("typed before React");
    expect(consoleErrors).toEqual([]);
  });

  it("shows a mail's link being checked, built and hydrated alike", async () => {
    const root = await builtPage("/auth?mode=verify");
    expect(root.textContent).toContain("Confirming your email...");
    expect(await mount(root)).toBe("hydrated");
    expect(consoleErrors).toEqual([]);
  });

  it("is rendered over, not hydrated, when opened with parameters its markup does not show", async () => {
    const root = await builtPage("/auth?mode=signup", "/auth?mode=signup&ref=FRIEND42");
    expect(await mount(root)).toBe("rendered");
    await waitFor(() =>
      expect(root.querySelector<HTMLInputElement>('input[name="referralCode"]')!.value).toBe("FRIEND42"),
    );
    expect(consoleErrors).toEqual([]);
  });
});

describe("the shell", () => {
  it("is rendered from scratch, as before the pages were built", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, "", "/no/such/page");
    const root = document.getElementById("root")!;
    expect(await mount(root)).toBe("rendered");
    await waitFor(() => expect(root.textContent).toContain("Page not found"));
  });
});
