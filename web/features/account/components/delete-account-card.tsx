import { Trash2, UserX } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { ApiError, reasonOf } from "../../../lib/api.ts";
import { useDeleteAccount } from "../api.ts";

type Props = {
  user: User | null;
  /** Called once the server has deleted the account: this device signs out and forgets the person. */
  onDeleted: () => Promise<void>;
};

/**
 * Settings → Account: closing the account for good (docs/decisions/069-delete-account.md). The
 * dialog asks for the password, or for an account without one, the username typed as shown.
 */
export function DeleteAccountCard({ user, onDeleted }: Props) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The server decides which proof the account needs: a password set on another device since
  // this page read the account turns the field into a password field.
  const [proof, setProof] = useState<"password" | "username" | null>(null);
  const withPassword = proof ? proof === "password" : user?.hasPassword !== false;
  // A username is sent without spaces around it; a password exactly as typed.
  const typed = withPassword ? value !== "" : value.trim() !== "";
  const close = (next: boolean) => {
    if (!next) {
      setValue("");
      setError(null);
      setProof(null);
    }
    setOpen(next);
  };

  return (
    <Card aria-labelledby="delete-account-title">
      <CardHeader
        id="delete-account-title"
        title="Delete account"
        icon={<UserX className="size-5 text-danger" aria-hidden />}
      />
      <p className="text-muted">
        Closes your account for good, with everything in it, on every device. To keep your account and start afresh, use
        Delete All Data on the Data tab instead.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden />
        Delete account
      </Button>
      <Dialog open={open} onOpenChange={close} title="Delete your account?">
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!typed || remove.isPending) return;
            setError(null);
            try {
              await remove.mutateAsync(withPassword ? { password: value } : { username: value.trim() });
            } catch (err) {
              const asked = err instanceof ApiError ? err.field : undefined;
              if (
                (asked === "password" || asked === "username") &&
                asked !== (withPassword ? "password" : "username")
              ) {
                setProof(asked);
                setValue("");
              }
              setError(reasonOf(err));
              return;
            }
            close(false);
            await onDeleted();
          }}
        >
          <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-muted">
            <li>
              <span className="font-semibold">Everything goes:</span> your tasks, quick wins, projects, thoughts and
              voice notes, events, moods, settings, saved keys and calendar connections.
            </li>
            <li>
              <span className="font-semibold">On every device:</span> each one signed in to this account is signed out.
            </li>
            <li>
              <span className="font-semibold">For good:</span> this cannot be undone. Nothing is deleted from an outside
              calendar.
            </li>
          </ul>
          <p className="text-sm text-muted">Want a copy first? Export your data from the Data tab.</p>
          <Field id="delete-account-proof" label={withPassword ? "Your password" : "Your username"}>
            {!withPassword && (
              <p id="delete-account-hint" className="text-sm text-muted">
                Type <span className="font-mono font-medium text-fg wrap-anywhere">{user?.username}</span> to confirm.
              </p>
            )}
            <Input
              id="delete-account-proof"
              type={withPassword ? "password" : "text"}
              autoComplete={withPassword ? "current-password" : "off"}
              autoCapitalize="none"
              spellCheck={false}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error !== null}
              aria-describedby={
                [withPassword ? null : "delete-account-hint", error ? "delete-account-error" : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
            {error && (
              <p id="delete-account-error" role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!typed || remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
