import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LandingPage } from "./landing-page.tsx";
import { renderWithRouter } from "./test-router.tsx";

const hrefOf = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("LandingPage", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("renders every section in landmarks, without calling the API", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderWithRouter(<LandingPage />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Turn every tap into real rewards" }),
    ).toBeTruthy();
    for (const title of [
      "Market snapshot",
      "How it works",
      "Advanced Features",
      "Simple and Powerful Features",
      "TapRewards in numbers",
      "Your next tap could be worth more",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: title })).toBeTruthy();
    }
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByText("What's new")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the fixed market figures and marketing stats", async () => {
    renderWithRouter(<LandingPage />);
    expect(await screen.findByText("Fear and Greed")).toBeTruthy();
    expect(screen.getByText("67")).toBeTruthy();
    expect(screen.getByText("Greed")).toBeTruthy();
    expect(screen.getByText("$44,578.12")).toBeTruthy();
    expect(screen.getByText("+3.5%")).toBeTruthy();
    const stats = screen.getByRole("region", { name: "TapRewards in numbers" });
    for (const [value, label] of [
      ["47k+", "Active users"],
      ["12M+", "Taps"],
      ["$1.2M+", "Rewards distributed"],
      ["150+", "Countries reached"],
    ] as const) {
      const figure = within(stats).getByText(value);
      expect(figure.parentElement?.textContent).toContain(label);
    }
  });

  it("lists the four advanced and six simple features, and the three stages in order", async () => {
    renderWithRouter(<LandingPage />);
    const advanced = await screen.findByRole("region", { name: "Advanced Features" });
    expect(within(advanced).getAllByRole("heading", { level: 3 })).toHaveLength(4);
    const simple = screen.getByRole("region", { name: "Simple and Powerful Features" });
    expect(within(simple).getAllByRole("heading", { level: 3 })).toHaveLength(6);
    expect(within(simple).getByText(/percentage of the rewards they collect/)).toBeTruthy();
    const stages = within(screen.getByRole("region", { name: "How it works" })).getAllByRole("heading", {
      level: 3,
    });
    expect(stages.map((heading) => heading.textContent)).toEqual([
      "Tap & Earn",
      "Boost Rewards",
      "Collect & Withdraw",
    ]);
  });

  it("expands a stage's Key Features list", async () => {
    renderWithRouter(<LandingPage />);
    const [firstSummary] = await screen.findAllByText("Key Features");
    const details = firstSummary!.closest("details")!;
    expect(details.open).toBe(false);
    await userEvent.click(firstSummary!);
    expect(details.open).toBe(true);
    expect(within(details).getByText("Points credited on every tap")).toBeTruthy();
  });

  it("points every call to action at the right route", async () => {
    renderWithRouter(<LandingPage />);
    await screen.findByRole("banner");
    expect(hrefOf("Features")).toBe("/features");
    expect(hrefOf("How it works")).toBe("/auth");
    expect(hrefOf("About")).toBe("/wallet");
    expect(hrefOf("Login")).toBe("/auth?mode=login");
    expect(hrefOf("Learn More")).toBe("/features");
    expect(hrefOf("Sign Up")).toBe("/auth?mode=signup");
    expect(hrefOf("Start Earning Now")).toBe("/auth?mode=signup");
    for (const link of screen.getAllByRole("link", { name: "Get Started" })) {
      expect(link.getAttribute("href")).toBe("/auth?mode=signup");
    }
    expect(hrefOf("Home")).toBe("/");
  });

  it("shows the current year in the footer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-15T12:00:00Z"));
    renderWithRouter(<LandingPage />);
    const footer = await screen.findByRole("contentinfo");
    expect(footer.textContent).toContain("© 2031 TapRewards");
  });
});
