import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False while React adopts built HTML (and in the build's own render), true from then on and in every
 * ordinary render (docs/decisions/043). A page whose live state can differ from what was built renders the
 * built state first, so hydration finds the same markup, then its live state in one small update.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
