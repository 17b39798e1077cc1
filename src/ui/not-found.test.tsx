import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "./landing/test-router.tsx";
import { NotFound } from "./not-found.tsx";

describe("NotFound", () => {
  it("says the page is missing and links back home", async () => {
    renderWithRouter(<NotFound />, "/no-such-page");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });
});
