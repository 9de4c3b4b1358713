import { useQuery } from "@tanstack/react-query";
import { Copy, Download, Loader2, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { TwoFactorSetup } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage, reasonOf } from "../../../lib/api.ts";
import { twoFactorStatusQuery, useEnableTwoFactor, useStartTwoFactorSetup } from "../api.ts";
import { TurnOffDialog } from "./turn-off-two-factor-dialog.tsx";

const onBadge = "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200";

/** The key in groups of four, as authenticator apps show it and people read it aloud. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `The ${what} is on your clipboard.` });
  } catch {
    toast({
      title: "Could not copy",
      description: "Please select the text and copy it yourself.",
      variant: "destructive",
    });
  }
}

function downloadCodes(codes: string[]) {
  const text = [
    "Daily Compass recovery codes",
    "",
    "Each code signs you in once when your authenticator app is not at hand.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "daily-compass-recovery-codes.txt";
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Scan or type the key, then confirm with a first code. */
function SetupSteps({
  setup,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-5">
      <ol className="grid gap-5">
        <li className="grid gap-3">
          <p>
            <span className="font-medium">1. Scan this code</span> with an authenticator app on your phone, such as
            Google Authenticator, Microsoft Authenticator, 1Password or Aegis.
          </p>
          {/* Dark on white in either theme: that is what cameras read best. */}
          <img
            src={setup.qrCode}
            alt="QR code to add Daily Compass to your authenticator app"
            width={200}
            height={200}
            className="size-50 rounded-lg border border-border bg-white p-1"
          />
          <div className="grid gap-1.5">
            <p className="text-sm text-muted">Can't scan it? Type this key into the app instead:</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded-lg bg-accent px-3 py-2 font-mono text-sm tracking-wide wrap-anywhere select-all">
                {grouped(setup.secret)}
              </code>
              <Button variant="outline" size="sm" onClick={() => copy(setup.secret, "setup key")}>
                <Copy className="size-4" aria-hidden />
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li>
          <form
            className="grid max-w-xs gap-3"
            onSubmit={async (e) => {
              e.preventDefault();
              setError(null);
              try {
                const { recoveryCodes } = await enable.mutateAsync(code);
                onDone(recoveryCodes);
              } catch (err) {
                setError(reasonOf(err));
              }
            }}
          >
            <Field id="two-factor-code" label="2. Enter the 6-digit code the app shows">
              <Input
                id="two-factor-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                className="font-mono tracking-wider"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "two-factor-code-error" : undefined}
              />
            </Field>
            {error && (
              <p id="two-factor-code-error" role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={enable.isPending || code.replace(/\s/g, "").length !== 6}>
                {enable.isPending ? "Checking..." : "Turn on"}
              </Button>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** Shown once, right after turning it on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="rounded-xl border border-border bg-accent/50 p-4">
        <h3 className="font-medium">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-muted">
          If your phone is not at hand, each of these codes signs you in once. Keep them somewhere safe, such as a
          password manager. This is the only time they are shown.
        </p>
        <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm sm:max-w-sm">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => copy(codes.join("\n"), "list of recovery codes")}>
          <Copy className="size-4" aria-hidden />
          Copy codes
        </Button>
        <Button variant="outline" onClick={() => downloadCodes(codes)}>
          <Download className="size-4" aria-hidden />
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Settings → Account: turn two-factor sign-in on (QR code, first code, recovery codes) or off. */
export function TwoFactorCard({ hasProvider }: { hasProvider: boolean }) {
  const status = useQuery(twoFactorStatusQuery());
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const data = status.data;

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <p className="flex items-center gap-2 text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        Checking...
      </p>
    );
  } else if (!data) {
    body = <p className="text-danger">Could not load this. Please try refreshing.</p>;
  } else if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (!data.available) {
    body = (
      <p className="text-muted">
        You sign in through your provider, so its own two-step verification protects this account. If it is not on yet,
        you can turn it on in your provider's account settings.
      </p>
    );
  } else if (setup) {
    body = (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onDone={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          toast({ title: "Two-factor sign-in is on", description: "Signing in now asks for a code as well." });
        }}
      />
    );
  } else if (data.enabled) {
    body = (
      <div className="grid gap-3">
        <Badge className={`w-fit ${onBadge}`}>On</Badge>
        <p className="text-muted">
          Signing in with your password also asks for a code from your authenticator app.{" "}
          {data.recoveryCodesLeft === 1
            ? "You have 1 recovery code left."
            : `You have ${data.recoveryCodesLeft} recovery codes left.`}
        </p>
        {data.recoveryCodesLeft <= 2 && (
          <p className="text-sm text-muted">Running low? Turn it off and on again to get ten new codes.</p>
        )}
        <Button variant="outline" className="w-fit" onClick={() => setTurningOff(true)}>
          Turn off
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3">
        <p className="text-muted">
          Add a second step to signing in: after your password, a 6-digit code from an app on your phone. Someone who
          learns your password still cannot get in.
        </p>
        <Button
          className="w-fit"
          disabled={start.isPending}
          onClick={async () => {
            try {
              setSetup(await start.mutateAsync());
            } catch (error) {
              toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
            }
          }}
        >
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader
        id="two-factor-title"
        title="Two-factor sign-in"
        icon={<ShieldCheck className="size-5 text-primary" aria-hidden />}
      />
      {body}
      {hasProvider && data?.available && !setup && !codes && (
        <p className="mt-3 text-sm text-muted">
          Signing in through your provider keeps using the provider's own second step.
        </p>
      )}
      <TurnOffDialog open={turningOff} onOpenChange={setTurningOff} />
    </Card>
  );
}
