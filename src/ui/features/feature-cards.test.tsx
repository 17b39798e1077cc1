import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../landing/test-router.tsx";
import { FeatureCards } from "./feature-cards.tsx";

describe("FeatureCards", () => {
  it("links Tap to Earn and Wallet Management to their screens", async () => {
    renderWithRouter(<FeatureCards onOpenMultipliers={() => {}} />);
    expect((await screen.findByRole("link", { name: "Tap to Earn" })).getAttribute("href")).toBe("/tap");
    expect(screen.getByRole("link", { name: "Wallet Management" }).getAttribute("href")).toBe("/wallet");
    expect(screen.getByRole("heading", { name: "About" })).toBeTruthy();
    expect(screen.getByText(/TapRewards is a tap-to-earn rewards service/)).toBeTruthy();
  });

  it("asks to open the multipliers dialog when the Multipliers card is pressed", async () => {
    const onOpenMultipliers = vi.fn();
    renderWithRouter(<FeatureCards onOpenMultipliers={onOpenMultipliers} />);
    await userEvent.click(await screen.findByRole("button", { name: "Multipliers" }));
    expect(onOpenMultipliers).toHaveBeenCalledTimes(1);
  });
});
