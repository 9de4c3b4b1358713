import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, RefreshCw, Sparkles, Wand2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { STORAGE_KEYS, SUGGESTIONS_COOLDOWN_MS } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { readLocal, writeLocal } from "../../../lib/storage.ts";
import { fetchSuggestions, type SuggestionContext } from "../api.ts";

export const SUGGESTIONS_KEY = ["ai-suggestions"] as const;

type Props = {
  signedIn: boolean;
  buildContext: () => SuggestionContext;
  /** Changes when the mood or the completion state of focus tasks changes; triggers a refresh. */
  refreshSignal: string;
  ready: boolean;
  onTaskBreaker: () => void;
  /** Low stimulation: the suggestions fold to a one-line summary the person can open. */
  quiet?: boolean;
};

function hoursUntilMidnight(from: Date): number {
  const midnight = new Date(from);
  midnight.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - from.getTime()) / 3_600_000));
}

export function AiAssistantCard({ signedIn, buildContext, refreshSignal, ready, onTaskBreaker, quiet = false }: Props) {
  const [expanded, setExpanded] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const suggestions = useQuery<string[]>({ queryKey: SUGGESTIONS_KEY, queryFn: () => [], enabled: false });
  const [refreshing, setRefreshing] = useState(false);
  const contextRef = useRef(buildContext);
  contextRef.current = buildContext;
  const lastSignal = useRef<string | null>(null);

  const refresh = useCallback(
    async (manual: boolean) => {
      setRefreshing(true);
      try {
        const list = await fetchSuggestions(contextRef.current());
        queryClient.setQueryData(SUGGESTIONS_KEY, list);
        writeLocal(STORAGE_KEYS.lastSuggestionRefresh, new Date().toISOString());
        if (manual) {
          toast({
            title: "Suggestions refreshed",
            description: "AI suggestions have been updated based on your current context.",
          });
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) console.warn("Suggestions need a session");
        else if (manual) {
          toast({
            title: "Error refreshing suggestions",
            description: "Could not refresh AI suggestions. Please try again later.",
            variant: "destructive",
          });
        } else console.warn("Suggestions unavailable", error);
      } finally {
        setRefreshing(false);
      }
    },
    [queryClient],
  );

  useEffect(() => {
    if (!signedIn || !ready) return;
    const signalChanged = lastSignal.current !== null && lastSignal.current !== refreshSignal;
    lastSignal.current = refreshSignal;
    const last = Date.parse(readLocal(STORAGE_KEYS.lastSuggestionRefresh) ?? "");
    const cooled = Number.isNaN(last) || Date.now() - last >= SUGGESTIONS_COOLDOWN_MS;
    const hasData = (queryClient.getQueryData<string[]>(SUGGESTIONS_KEY) ?? []).length > 0;
    if (signalChanged || cooled || !hasData) void refresh(false);
  }, [signedIn, ready, refreshSignal, refresh, queryClient]);

  const list = suggestions.data ?? [];
  if (!signedIn && list.length === 0) {
    return (
      <Card aria-labelledby="assistant-title">
        <CardHeader
          id="assistant-title"
          title="AI Assistant"
          icon={<Sparkles className="size-5 text-primary" aria-hidden />}
        />
        <p className="text-muted">Please log in to get personalized AI suggestions based on your schedule and tasks.</p>
        <Button className="mt-4" onClick={() => navigate("/settings")}>
          Go to Login
        </Button>
      </Card>
    );
  }
  if (list.length === 0) return null;

  const last = readLocal(STORAGE_KEYS.lastSuggestionRefresh);
  const hours = hoursUntilMidnight(last ? new Date(last) : new Date());
  return (
    <Card aria-labelledby="assistant-title">
      <CardHeader
        id="assistant-title"
        title="AI Assistant"
        icon={<Sparkles className="size-5 text-primary" aria-hidden />}
        action={
          <button
            type="button"
            aria-label="Refresh suggestions"
            disabled={refreshing}
            onClick={() => refresh(true)}
            className="rounded-md p-2 text-muted hover:bg-accent hover:text-fg disabled:opacity-50"
          >
            <RefreshCw className={cn("size-4", refreshing && "animate-spin")} aria-hidden />
          </button>
        }
      />
      {quiet && (
        <div className="flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate text-muted" title={list[0]}>
            {list[0]}
          </p>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls="assistant-details"
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
            {expanded ? "Show less" : "Show more"}
          </Button>
        </div>
      )}
      {(!quiet || expanded) && (
        <div id="assistant-details" className={cn(quiet && "mt-3")}>
          <ul className="grid list-disc gap-2 pl-5 wrap-anywhere">
            {list.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">Auto-refreshes in {hours}h</p>
            <Button variant="secondary" onClick={onTaskBreaker}>
              <Wand2 className="size-4" aria-hidden />
              Task Breaker
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
