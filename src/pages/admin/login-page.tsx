import { useSelector } from "@xstate/react";
import { useState } from "react";
import type { AppRuntime } from "#src/runtime.ts";
import { Alert } from "#src/ui/kit/alert.tsx";
import { StatusButton } from "#src/ui/kit/button.tsx";
import { Card } from "#src/ui/kit/card.tsx";
import { TextField } from "#src/ui/kit/field.tsx";

/** /admin (docs/product.md §2 Admin login): email, password, Login; both required. */
export function AdminLoginPage({ runtime }: { runtime: AppRuntime }) {
  const session = runtime.adminSession;
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  // Signing in, and then the area's check of the role as the Dashboard opens: the page stays until both end.
  const busy = useSelector(
    session,
    (snapshot) => snapshot.hasTag("busy") || snapshot.matches({ signedIn: "confirming" }),
  );
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <Card className="w-full max-w-sm">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-400">Sign in with an admin account to open the back office.</p>
        <form
          className="mt-5 flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            session.send({ type: "LOGIN", email, password });
          }}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && <Alert>{error}</Alert>}
          <StatusButton type="submit" status={busy ? "pending" : "idle"} busyLabel="Signing in...">
            Login
          </StatusButton>
        </form>
      </Card>
    </main>
  );
}
