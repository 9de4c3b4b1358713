import { KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage, reasonOf } from "../../../lib/api.ts";
import { changePassword, updateAccount } from "../api.ts";

type Props = {
  user: User | null;
  onUserChange: (user: User) => void;
  /** More cards for the tab (sign-in providers), below the account form. */
  children?: ReactNode;
};

/** Display name, e-mail and password. */
export function AccountTab({ user, onUserChange: setUser, children }: Props) {
  const [displayName, setDisplayName] = useState(user?.displayName ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [saving, setSaving] = useState(false);
  const [pwOpen, setPwOpen] = useState(false);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  // The server's reason, said under the field it is about (the new password, the current one) in
  // words, without the field's name the API puts first.
  const [pwError, setPwError] = useState<{ field: string | undefined; text: string } | null>(null);
  const errorFor = (field: string) =>
    pwError && (pwError.field === field || (pwError.field === undefined && field === "newPassword"))
      ? pwError.text
      : null;
  // Provider accounts' addresses belong to the provider (spec section 6); otherwise the stored
  // address decides (spec: locked when it contains 'google'). Judging the input as it is typed
  // would lock the field halfway through typing such an address.
  const emailLocked = Boolean(user?.googleId) || (user?.email ?? "").toLowerCase().includes("google");
  // Provider accounts get no Change Password (spec), but may add a password to sign in both ways.
  const passwordLabel = user?.googleId ? "Set Password" : "Change Password";

  return (
    <div className="grid gap-6">
      <Card aria-labelledby="account-title">
        <CardHeader id="account-title" title="Account" />
        <form
          className="grid max-w-lg gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setSaving(true);
            try {
              const { user: saved } = await updateAccount({
                displayName: displayName.trim() || null,
                ...(emailLocked ? {} : { email: email.trim() || null }),
              } as { displayName: string | null; email: string | null });
              setUser(saved);
              toast({ title: "Account updated", description: "Your changes have been saved." });
            } catch (error) {
              toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
            } finally {
              setSaving(false);
            }
          }}
        >
          <Field id="display-name" label="Display name">
            <Input
              id="display-name"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
              autoComplete="name"
            />
          </Field>
          <Field id="email" label="E-mail">
            <Input
              id="email"
              type="email"
              value={email}
              disabled={emailLocked}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              Save Changes
            </Button>
            <Button variant="outline" onClick={() => setPwOpen(true)}>
              <KeyRound className="size-4" aria-hidden />
              {passwordLabel}
            </Button>
          </div>
        </form>
      </Card>
      {children}
      <Dialog open={pwOpen} onOpenChange={setPwOpen} title={passwordLabel}>
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setPwError(null);
            try {
              await changePassword({ currentPassword: current || undefined, newPassword: next });
              toast({ title: "Password changed", description: "Use your new password next time you log in." });
              if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
              setCurrent("");
              setNext("");
              setPwOpen(false);
            } catch (error) {
              setPwError({ field: error instanceof ApiError ? error.field : undefined, text: reasonOf(error) });
            }
          }}
        >
          {user?.hasPassword !== false && (
            <Field id="current-password" label="Current password">
              <Input
                id="current-password"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                aria-invalid={errorFor("currentPassword") !== null}
                aria-describedby={errorFor("currentPassword") ? "current-password-error" : undefined}
              />
              <FieldError id="current-password-error" text={errorFor("currentPassword")} />
            </Field>
          )}
          <Field id="new-password" label="New password">
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-invalid={errorFor("newPassword") !== null}
              aria-describedby={errorFor("newPassword") ? "new-password-error" : undefined}
            />
            <FieldError id="new-password-error" text={errorFor("newPassword")} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setPwOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!next}>
              Update password
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** A field's problem in words, read out when it appears. */
function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger">
      {text}
    </p>
  );
}
