import { KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { knownPasswordProblems, PASSWORD_ADVICE } from "../../../../shared/password-rules.ts";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage } from "../../../lib/api.ts";
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
  // Every problem at once, each under the field it is about; what concerns neither field (no
  // connection, too many tries) below them both.
  const [problems, setProblems] = useState<PasswordProblems>({});
  const needsCurrent = user?.hasPassword !== false;
  const closePassword = (open: boolean) => {
    setPwOpen(open);
    if (!open) setProblems({});
  };
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
            <Button variant="outline" onClick={() => closePassword(true)}>
              <KeyRound className="size-4" aria-hidden />
              {passwordLabel}
            </Button>
          </div>
        </form>
      </Card>
      {children}
      <Dialog open={pwOpen} onOpenChange={closePassword} title={passwordLabel}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            // What can be known here is said all at once, before anything is sent.
            const known: PasswordProblems = {};
            if (needsCurrent && !current) known.currentPassword = [CURRENT_MISSING];
            const fromRules = user
              ? knownPasswordProblems(next, {
                  username: user.username,
                  displayName: user.displayName,
                  email: user.email,
                })
              : [];
            if (fromRules.length > 0) known.newPassword = fromRules;
            setProblems(known);
            if (Object.keys(known).length > 0) return;
            try {
              await changePassword({ currentPassword: current || undefined, newPassword: next });
              toast({ title: "Password changed", description: "Use your new password next time you log in." });
              if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
              setCurrent("");
              setNext("");
              closePassword(false);
            } catch (error) {
              setProblems(serverProblems(error));
            }
          }}
        >
          {needsCurrent && (
            <Field id="current-password" label="Current password">
              <Input
                id="current-password"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => {
                  setCurrent(e.target.value);
                  setProblems(({ currentPassword: _fixed, ...rest }) => rest);
                }}
                aria-invalid={Boolean(problems.currentPassword)}
                aria-describedby={problems.currentPassword ? "current-password-error" : undefined}
              />
              <FieldError id="current-password-error" texts={problems.currentPassword} />
            </Field>
          )}
          <Field id="new-password" label="New password">
            {/* The rules before the field, so they are read before typing; problems come after it. */}
            <p id="new-password-rule" className="text-sm text-muted">
              {PASSWORD_ADVICE}
            </p>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => {
                setNext(e.target.value);
                setProblems(({ newPassword: _fixed, ...rest }) => rest);
              }}
              aria-invalid={Boolean(problems.newPassword)}
              aria-describedby={problems.newPassword ? "new-password-error new-password-rule" : "new-password-rule"}
            />
            <FieldError id="new-password-error" texts={problems.newPassword} />
          </Field>
          <FieldError id="password-form-error" texts={problems.form} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => closePassword(false)}>
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

const CURRENT_MISSING = "Please enter your current password";

/** What is wrong, in words, by the field it is about; `form` when it is about neither. */
type PasswordProblems = { currentPassword?: string[]; newPassword?: string[]; form?: string[] };

/**
 * The server's refusal by field: each problem it names (a wrong current password and an easy new
 * one may come together), without the field's name the API puts first.
 */
function serverProblems(error: unknown): PasswordProblems {
  if (!(error instanceof ApiError)) return { form: [errorMessage(error, "Could not change the password.")] };
  const found: PasswordProblems = {};
  const named = error.problems ?? (error.field ? [{ field: error.field, message: error.reason }] : []);
  for (const { field, message } of named) {
    const key = field === "currentPassword" || field === "newPassword" ? field : "form";
    found[key] = [...(found[key] ?? []), message];
  }
  if (named.length === 0) found.form = [error.message];
  return found;
}

/** A field's problems in words, read out when they appear. */
function FieldError({ id, texts }: { id: string; texts: string[] | undefined }) {
  if (!texts || texts.length === 0) return null;
  return (
    <div id={id} role="alert" className="grid gap-1 text-sm text-danger">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
