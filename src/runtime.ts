/**
 * The composition root: wires machines to the real API client and browser storage and starts the root
 * actor. Loaded lazily by main.tsx, so the landing page's first paint does not wait for XState.
 */
import { type ActorRefFrom, createActor, fromCallback, waitFor } from "xstate";
import { adminApi } from "./api/admin.ts";
import { createAdminSessionStore } from "./api/admin-session-store.ts";
import { authApi } from "./api/auth.ts";
import { resolveApiBase } from "./api/base-url.ts";
import {
  type ApiClient,
  clientOf,
  createApiClient,
  type HttpMethod,
  type RequestOptions,
} from "./api/client.ts";
import { economyApi } from "./api/economy.ts";
import type { ApiResult } from "./api/errors.ts";
import { eventsApi, type OpenEventSource } from "./api/events.ts";
import { fairPlayApi } from "./api/fair-play.ts";
import { rewardsApi } from "./api/rewards.ts";
import { createRewardsStore } from "./api/rewards-store.ts";
import { createSessionStore } from "./api/session-store.ts";
import { standingsApi } from "./api/standings.ts";
import { walletApi } from "./api/wallet.ts";
import { createAdminActors } from "./machines/admin/admin.actors.ts";
import { adminSessionMachine } from "./machines/admin/admin-session.machine.ts";
import { appMachine } from "./machines/app.machine.ts";
import { accountFormsMachine } from "./machines/auth/account-forms.machine.ts";
import { createAuthActors, type WithLock } from "./machines/auth/auth.actors.ts";
import { authMachine } from "./machines/auth/auth.machine.ts";
import { protectedMachine } from "./machines/auth/protected.machine.ts";
import { boostersMachine } from "./machines/economy/boosters.machine.ts";
import { createEconomyActors } from "./machines/economy/economy.actors.ts";
import { createStandingsActors } from "./machines/economy/standings.actors.ts";
import { createFairPlayActors } from "./machines/fair-play/fair-play.actors.ts";
import {
  type ChannelLike,
  createLiveActors,
  createTabLink,
  type TabLocks,
} from "./machines/live/live.actors.ts";
import { liveStreamMachine } from "./machines/live/live-stream.machine.ts";
import { createRewardsActors } from "./machines/rewards/rewards.actors.ts";
import { createTapsImplementations } from "./machines/taps/taps.actors.ts";
import { tapsMachine } from "./machines/taps/taps.machine.ts";
import { createWalletActors } from "./machines/wallet/wallet.actors.ts";
import { readTelegramLaunch } from "./telegram/launch.ts";

export interface RuntimeOptions {
  /** Opens the live stream (docs/api.md, "Live events"); null where there is no EventSource (jsdom). */
  openEventSource?: OpenEventSource | null;
}

const browserEventSource: OpenEventSource | null =
  typeof EventSource === "function" ? (url) => new EventSource(url) : null;

/**
 * The API client as the app uses it: each 401 is told to the root actor as a fact (API.UNAUTHORIZED, naming
 * the stored session the call used). The client does nothing about errors; what a refused call means
 * (docs/product.md §4: the stored session is removed) is the session machines' decision.
 */
function reportingRefusals(client: ApiClient, refused: (auth: NonNullable<RequestOptions["auth"]>) => void) {
  const request = async <T>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResult<T>> => {
    const result = await client.request<T>(method, path, options);
    if (result.error?.status === 401) refused(options?.auth ?? "user");
    return result;
  };
  return clientOf(request) satisfies ApiClient;
}

/** The live stream's actors, or a stream that never connects where the browser cannot hold one. */
function liveStream(api: ApiClient, openEventSource: OpenEventSource | null) {
  if (!openEventSource)
    return liveStreamMachine.provide({
      actors: { tabLink: fromCallback(() => {}), network: fromCallback(() => {}) },
    });
  const actors = createLiveActors({
    events: eventsApi(api),
    apiBase: resolveApiBase(window.location),
    openEventSource,
  });
  // One stream per browser where tabs can elect a holder and share its frames; else one per tab.
  const tabLink =
    navigator.locks && typeof BroadcastChannel === "function"
      ? createTabLink({
          locks: navigator.locks as TabLocks,
          openChannel: (name) => new BroadcastChannel(name) as unknown as ChannelLike,
        })
      : actors.soloTab;
  return liveStreamMachine.provide({
    actors: { tabLink, ticket: actors.ticket, connection: actors.connection, network: actors.network },
  });
}

export function createRuntime(options: RuntimeOptions = {}) {
  const now = () => Date.now();
  const newId = () => crypto.randomUUID();
  const store = createSessionStore(window.localStorage);
  const adminStore = createAdminSessionStore(window.localStorage);
  const api = reportingRefusals(
    createApiClient({
      baseURL: resolveApiBase(window.location),
      getToken: (auth) => (auth === "admin" ? adminStore.accessToken() : store.accessToken()),
    }),
    (auth) => app.send({ type: "API.UNAUTHORIZED", auth }),
  );
  const rewards = rewardsApi(api);
  const economyActors = createEconomyActors({ economy: economyApi(api) });
  const withLock: WithLock | undefined = navigator.locks
    ? (name, task) => navigator.locks.request(name, task)
    : undefined;
  const authActors = createAuthActors({ auth: authApi(api), store, now, withLock });
  const taps = createTapsImplementations({
    rewards,
    store: createRewardsStore(window.localStorage),
    tabId: newId(),
    withLock,
    newId,
    // Another tab wrote its rewards key: its pending taps are shown here too (docs/decisions/018).
    watch: (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === window.localStorage && event.key !== null) listener(event.key);
      };
      window.addEventListener("storage", onStorage);
      return () => window.removeEventListener("storage", onStorage);
    },
  });
  // An admin call answering 401 ends the admin session (docs/product.md §4): the root actor passes it on.
  const adminActors = createAdminActors({
    api: adminApi(api),
    store: adminStore,
    sessionLost: () => app.send({ type: "ADMIN.SESSION.LOST" }),
  });

  // The Mini App's signed initData, read once: sign-in and linking Telegram both present it.
  const telegramInitData = readTelegramLaunch()?.initData ?? null;
  const app = createActor(
    appMachine.provide({
      actors: {
        auth: authMachine.provide({
          actors: {
            ...authActors,
            // The session's 30 s check is the one storage poller, as the protected wrapper's 10 s one is.
            storagePoller: protectedMachine.provide({
              actors: { isSessionStored: authActors.isSessionStored },
            }),
            // The /auth page's other forms, which the session runs while the page is open.
            accountForms: accountFormsMachine.provide({
              actors: {
                signup: authActors.signup,
                forgotPassword: authActors.forgotPassword,
                resetPassword: authActors.resetPassword,
                verifyEmail: authActors.verifyEmail,
              },
            }),
          },
        }),
        taps: tapsMachine.provide(taps),
        boosters: boostersMachine.provide({
          actors: {
            loadBoosters: economyActors.loadBoosters,
            purchaseBooster: economyActors.purchaseBooster,
          },
        }),
        live: liveStream(
          api,
          options.openEventSource === undefined ? browserEventSource : options.openEventSource,
        ),
        // The admin's session lives beside the user's, with its own storage keys (docs/product.md §3).
        adminSession: adminSessionMachine.provide({
          actors: {
            restore: adminActors.restore,
            login: adminActors.login,
            confirmRole: adminActors.confirmRole,
            logout: adminActors.logout,
            clearStoredSession: adminActors.clearStoredSession,
          },
        }),
      },
    }),
    { input: { now, newId, telegramInitData, tapClock: () => performance.now() } },
  ).start();
  // Both sessions live as long as the app, so these references never change.
  const session = app.system.get("session") as ActorRefFrom<typeof authMachine>;
  const adminSession = app.system.get("adminSession") as ActorRefFrom<typeof adminSessionMachine>;

  // Taps not yet sent leave with the page (keepalive), and are re-sent from storage on the next load.
  window.addEventListener("pagehide", () => app.send({ type: "PAGEHIDE" }));
  window.addEventListener("online", () => app.send({ type: "ONLINE" }));

  /** Resolves once the session has left `restoring`: route guards decide on a settled session only. */
  const sessionSettled = () => waitFor(session, (snapshot) => !snapshot.hasTag("loading"));
  /** Resolves once the admin session is neither restoring nor confirming the role: the admin guard waits for it. */
  const adminSettled = () => waitFor(adminSession, (snapshot) => !snapshot.hasTag("loading"));
  return {
    app,
    session,
    authActors,
    rewardsActors: createRewardsActors({ rewards }),
    walletActors: createWalletActors({ wallet: walletApi(api) }),
    economyActors,
    standingsActors: createStandingsActors({ standings: standingsApi(api) }),
    fairPlayActors: createFairPlayActors({ fairPlay: fairPlayApi(api) }),
    sessionSettled,
    telegramInitData,
    now,
    newId,
    adminSession,
    adminActors,
    adminSettled,
  };
}

export type AppRuntime = ReturnType<typeof createRuntime>;
export type SessionRef = AppRuntime["session"];
