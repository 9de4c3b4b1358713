import { useState } from "react";
import { AI_KEY_PREFIX } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { saveAiKey } from "../api.ts";

/** The user's own key for the assistant's provider. */
export function ApiTab() {
  const [key, setKey] = useState("");
  const [saving, setSaving] = useState(false);
  const valid = key.trim().startsWith(AI_KEY_PREFIX);
  return (
    <Card aria-labelledby="api-title">
      <CardHeader id="api-title" title="AI provider key" />
      <form
        className="grid max-w-lg gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!valid) return;
          setSaving(true);
          try {
            await saveAiKey(key.trim());
            setKey("");
            toast({ title: "API key saved", description: "The assistant will use your key from now on." });
          } catch (error) {
            toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
          } finally {
            setSaving(false);
          }
        }}
      >
        <Label htmlFor="api-key">API key</Label>
        <Input
          id="api-key"
          type="password"
          placeholder="sk-..."
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <p className="text-sm text-muted">Stored encrypted on the server and never shown again.</p>
        <Button type="submit" className="w-fit" disabled={!valid || saving}>
          Save
        </Button>
      </form>
    </Card>
  );
}
