import { mountApp, nextTask } from "./mount-app.tsx";
import { createAppRouter } from "./router.tsx";
import type { AppRuntime } from "./runtime.ts";
import { readTelegramLaunch } from "./telegram/launch.ts";
import "./styles.css";

// The runtime (XState, machines, the API client) loads on first need, and in idle time after the first
// paint, so the landing page stays within its bundle budget and never waits for it.
let runtime: Promise<AppRuntime> | undefined;
const loadRuntime = () => {
  // Evaluating the runtime's modules and starting its actors are two tasks, not one long one (a phone's main
  // thread answers a tap in between: docs/decisions/043).
  runtime ??= import("./runtime.ts").then(async (module) => {
    await nextTask();
    return module.createRuntime();
  });
  return runtime;
};

const router = createAppRouter({ loadRuntime });

const mounted = mountApp(document.getElementById("root")!, router);

// Inside Telegram only (docs/decisions/031): Telegram's theme, back button and haptics, loaded on the side.
if (readTelegramLaunch()) {
  void Promise.all([import("./telegram/web-app.ts"), import("./telegram/telegram-shell.ts")]).then(
    async ([{ loadTelegramWebApp }, { startTelegramShell }]) => {
      const webApp = await loadTelegramWebApp();
      if (!webApp) return;
      startTelegramShell(webApp, {
        pathname: () => router.state.location.pathname,
        onNavigated: (listener) => router.subscribe("onResolved", listener),
        back: () => router.history.back(),
      });
    },
  );
}

// Not before React has the page: starting the runtime is a long task that hydration must not wait behind.
const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
void mounted.then(() => whenIdle(() => void loadRuntime()));
