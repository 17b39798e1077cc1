import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ComboMeter, type ComboNews, comboAnnouncement } from "./combo-meter.tsx";

function renderMeter() {
  let tell: (news: ComboNews) => void = () => {};
  let watching = 0;
  const view = render(
    <ComboMeter
      watch={(onNews) => {
        watching += 1;
        tell = onNews;
        onNews({ combo: 0, runCompleted: false });
        return () => {
          watching -= 1;
        };
      }}
    />,
  );
  const meter = () => screen.getByTestId("combo-meter");
  const live = () => view.container.querySelector("[aria-live]")!;
  return {
    view,
    tell: (combo: number) => act(() => tell({ combo, runCompleted: combo > 0 && combo % 50 === 0 })),
    meter,
    live,
    watching: () => watching,
  };
}

describe("the combo meter", () => {
  it("shows the running chain from its second tap, hidden from screen readers, and hidden again when it ends", () => {
    const { tell, meter } = renderMeter();
    expect(meter().getAttribute("aria-hidden")).toBe("true");
    expect(meter().style.visibility).toBe("hidden");
    tell(1);
    expect(meter().style.visibility).toBe("hidden");
    tell(2);
    expect(meter().style.visibility).toBe("visible");
    expect(meter().textContent).toBe("Combo ×2");
    tell(0);
    expect(meter().style.visibility).toBe("hidden");
    expect(meter().textContent).toBe("Combo ×0");
  });

  it("announces each complete 50 once, politely, and never an ordinary tap", () => {
    const { tell, live } = renderMeter();
    expect(live().getAttribute("aria-live")).toBe("polite");
    for (let combo = 1; combo < 50; combo++) tell(combo);
    expect(live().textContent).toBe("");
    tell(50);
    expect(live().textContent).toBe(comboAnnouncement(50));
    expect(live().textContent).toBe("Combo 50! Bonus points on the way");
    tell(51);
    expect(live().textContent).toBe(comboAnnouncement(50));
    for (let combo = 52; combo <= 100; combo++) tell(combo);
    expect(live().textContent).toBe("Combo 100! Bonus points on the way");
    // The chain ends: the next chain's 50 is news again.
    tell(0);
    expect(live().textContent).toBe("");
  });

  it("stops hearing the taps actor when it unmounts", () => {
    const { view, watching } = renderMeter();
    expect(watching()).toBe(1);
    view.unmount();
    expect(watching()).toBe(0);
  });
});
