import { useEffect, useState } from "react";
import { PASSWORD_ADVICE } from "../../shared/password-rules.ts";
import { signInErrorToShow } from "../../shared/sign-in-errors.ts";
import { PublicFooter, PublicHeader } from "../components/public-layout.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, Input } from "../components/ui/input.tsx";
import { SignInCodeStep } from "../features/account/components/sign-in-code-step.tsx";
import { completeSignIn, signIn } from "../features/auth/sign-in.ts";
import { errorMessage } from "../lib/api.ts";

/** Signed in: the app loads afresh at `/`, with nothing left over from before. */
const openApp = () => window.location.replace("/");

/** The text of a field as the browser holds it (typed before the page's script ran). */
const typed = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "";

export function LoginPage() {
  const [mode, setMode] = useState<"login" | "register">("login");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const title = mode === "login" ? "Log in" : "Create account";

  // The page is prerendered: what a fast typist entered before it came alive is taken over, and a
  // failed provider sign-in's reason (?error=) shows once the page runs, so the HTML stays the same.
  useEffect(() => {
    setUsername((value) => value || typed("username"));
    setPassword((value) => value || typed("password"));
    const query = new URLSearchParams(window.location.search);
    const providerError = query.get("error");
    // Only the server's own words: a link can put any text in the address.
    if (providerError) setError(signInErrorToShow(providerError));
    if (query.get("mode") === "register") setMode("register");
  }, []);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (await signIn(mode, username.trim(), password)) {
        openApp(); // Stays busy while the app loads.
        return;
      }
      setPassword("");
      setNeedsCode(true);
    } catch (e) {
      setError(errorMessage(e, "Could not sign in."));
    }
    setBusy(false);
  };

  if (needsCode) {
    return (
      <div className="flex min-h-dvh flex-col">
        <PublicHeader />
        <main className="flex flex-1 items-start justify-center px-4 py-12">
          <SignInCodeStep
            onVerify={completeSignIn}
            onSignedIn={openApp}
            onStartOver={(message) => {
              setNeedsCode(false);
              setError(message);
            }}
          />
        </main>
        <PublicFooter />
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-12">
        <div className="w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-1 text-sm text-muted">
            {mode === "login" ? "Welcome back. Let's plan a calm day." : "Start with a username and a password."}
          </p>
          <form
            className="mt-6 grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Field id="username" label="Username">
              <Input
                id="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
              />
            </Field>
            <Field id="password" label="Password">
              <Input
                id="password"
                type="password"
                autoComplete={mode === "login" ? "current-password" : "new-password"}
                aria-describedby={mode === "register" ? "password-rule" : undefined}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </Field>
            {mode === "register" && (
              <p id="password-rule" className="-mt-2 text-sm text-muted">
                {PASSWORD_ADVICE}
              </p>
            )}
            {error && (
              <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm text-danger">
                {error}
              </p>
            )}
            <Button type="submit" disabled={busy || !username.trim() || !password}>
              {busy ? "Please wait..." : title}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted">
            {mode === "login" ? "New here?" : "Already have an account?"}{" "}
            <button
              type="button"
              className="font-medium text-primary hover:underline"
              onClick={() => {
                setMode(mode === "login" ? "register" : "login");
                setError(null);
              }}
            >
              {mode === "login" ? "Create an account" : "Log in instead"}
            </button>
          </p>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
