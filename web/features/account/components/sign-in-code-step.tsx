import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { ApiError, reasonOf } from "../../../lib/api.ts";

const focusCode = () => document.getElementById("sign-in-code")?.focus();

type Props = {
  /** Sends the code; resolves once the user is signed in. */
  onVerify: (code: string) => Promise<unknown>;
  onSignedIn: () => void;
  /** Back to the password, with the reason when the server ended the attempt. */
  onStartOver: (message: string | null) => void;
};

/** The second step of signing in when the account has two-factor sign-in on. */
export function SignInCodeStep({ onVerify, onSignedIn, onStartOver }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The page changed under the cursor: put it where the code goes.
  useEffect(() => focusCode(), []);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onVerify(code.trim());
      onSignedIn();
    } catch (e) {
      // 401: the attempt is over (timed out, or too many wrong codes); the password comes first again.
      if (e instanceof ApiError && e.status === 401) onStartOver(e.message);
      else setError(reasonOf(e, "Could not check the code."));
      setBusy(false);
    }
  };

  const label = recovery ? "Recovery code" : "6-digit code";
  return (
    <div className="w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h1 className="text-2xl font-semibold">Two-factor sign-in</h1>
      <p className="mt-1 text-sm text-muted">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned this on. Each code works once."
          : "Open your authenticator app and enter the code it shows for Daily Compass."}
      </p>
      <form
        className="mt-6 grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field id="sign-in-code" label={label}>
          <Input
            id="sign-in-code"
            name={recovery ? "recovery-code" : "one-time-code"}
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={recovery ? 20 : 7}
            className="font-mono tracking-wider"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "sign-in-code-error" : undefined}
            required
          />
        </Field>
        {error && (
          <p
            id="sign-in-code-error"
            role="alert"
            className="rounded-lg border border-danger px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy || !code.trim()}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </form>
      <div className="mt-6 grid justify-items-center gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
            setError(null);
            focusCode();
          }}
        >
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </button>
        <button type="button" className="text-muted hover:underline" onClick={() => onStartOver(null)}>
          Back to password
        </button>
      </div>
    </div>
  );
}
