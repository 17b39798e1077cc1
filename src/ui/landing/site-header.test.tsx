import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header.tsx";
import { renderWithRouter } from "./test-router.tsx";

describe("SiteHeader mobile menu", () => {
  const openMenuButton = () => screen.findByRole("button", { name: "Open menu" });
  const menuOf = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-controls")!)!;

  it("opens on the menu button, focuses its first link and closes again on the button", async () => {
    renderWithRouter(<SiteHeader />);
    const button = await openMenuButton();
    const menu = menuOf(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(menu.hidden).toBe(true);

    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-label")).toBe("Close menu");
    expect(menu.hidden).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector("a"));
    expect(menu.textContent).toContain("Get Started");

    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(menu.hidden).toBe(true);
  });

  it("closes on Escape and returns focus to the menu button", async () => {
    renderWithRouter(<SiteHeader />);
    const button = await openMenuButton();
    await userEvent.click(button);
    expect(menuOf(button).hidden).toBe(false);
    await userEvent.keyboard("{Escape}");
    expect(menuOf(button).hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes when a press lands outside the header", async () => {
    renderWithRouter(
      <>
        <SiteHeader />
        <p>Page body</p>
      </>,
    );
    const button = await openMenuButton();
    await userEvent.click(button);
    await userEvent.click(screen.getByText("Page body"));
    expect(menuOf(button).hidden).toBe(true);
  });
});
