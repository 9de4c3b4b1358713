import { Button } from "./ui/button.tsx";

/**
 * What a list that could never be read shows instead of its empty state, which would say the
 * person's things are gone: that it could not load, and a way to read it again.
 */
export function ListLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-2 text-sm">
      <p className="text-muted">This list could not load just now.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
