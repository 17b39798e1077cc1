import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// vitest runs with globals off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
