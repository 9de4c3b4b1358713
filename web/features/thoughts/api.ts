import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConvertThoughtInput, ConvertThoughtResponse, Thought } from "../../../shared/schemas.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";

export const THOUGHTS_KEY = ["/api/thoughts"] as const;
export type ThoughtType = Thought["type"];

export function useThoughts() {
  return useQuery<Thought[]>({ queryKey: THOUGHTS_KEY });
}

/**
 * Saves a thought (default Note). A Note is sent for categorisation and the returned type replaces
 * it; a failed categorisation keeps Note, as the spec asks.
 */
export function useCreateThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      type,
      voiceThoughtId,
    }: {
      content: string;
      type: ThoughtType | null;
      /** The thought a voice recording was kept with: its text is set instead of adding a second one. */
      voiceThoughtId?: number | null;
    }) => {
      const chosen = type ?? "Note";
      let created: Thought | null = null;
      if (voiceThoughtId) {
        try {
          created = await apiRequest<Thought>("PATCH", `/api/thoughts/${voiceThoughtId}`, {
            content,
            type: chosen,
            contentIsTranscript: true,
          });
        } catch (error) {
          // Deleted or archived meanwhile: save the text as a new thought instead.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }
      created ??= await apiRequest<Thought>("POST", "/api/thoughts", {
        content,
        type: chosen,
        contentIsTranscript: true,
      });
      if (chosen === "Note") {
        try {
          const result = await apiRequest<{ type?: ThoughtType }>("POST", "/api/ai/categorize", { content });
          if (result?.type && result.type !== "Note") {
            return await apiRequest<Thought>("PATCH", `/api/thoughts/${created.id}`, { type: result.type });
          }
        } catch {
          // Categorisation is a nicety; the thought is already saved.
        }
      }
      return created;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: THOUGHTS_KEY }),
  });
}

export function useUpdateThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: number } & Partial<Pick<Thought, "status" | "convertedTo" | "type">>) =>
      apiRequest<Thought>("PATCH", `/api/thoughts/${id}`, patch),
    onSuccess: (updated) =>
      queryClient.setQueryData<Thought[]>(THOUGHTS_KEY, (old) => old?.map((t) => (t.id === updated.id ? updated : t))),
  });
}

export function useDeleteThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/thoughts/${id}`),
    onSuccess: (_r, id) => queryClient.setQueryData<Thought[]>(THOUGHTS_KEY, (old) => old?.filter((t) => t.id !== id)),
  });
}

/** The assistant's type for a thought, asked once per text; a failure leaves the suggestion empty. */
export function useSuggestedType(thought: Pick<Thought, "id" | "content"> | null) {
  return useQuery({
    queryKey: ["thought-suggestion", thought?.id, thought?.content],
    enabled: thought !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      const result = await apiRequest<{ type?: ThoughtType }>("POST", "/api/ai/categorize", {
        content: thought?.content ?? "",
      });
      if (!result?.type) throw new Error("No suggestion");
      return result.type;
    },
  });
}

/**
 * Turns a thought into a focus task, quick win, project task or calendar event in one server
 * call: the new record and the thought's converted mark are saved together, and only once.
 */
export function useConvertThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ConvertThoughtInput }) =>
      apiRequest<ConvertThoughtResponse>("POST", `/api/thoughts/${id}/convert`, input),
    onSuccess: ({ target }) => {
      const lists = {
        task: "/api/tasks",
        "quick-win": "/api/quick-wins",
        project: "/api/projects",
        event: "/api/events",
      };
      void queryClient.invalidateQueries({ queryKey: THOUGHTS_KEY });
      void queryClient.invalidateQueries({ queryKey: [lists[target.kind]] });
      if (target.kind === "project") void queryClient.invalidateQueries({ queryKey: [`/api/projects/${target.id}`] });
    },
  });
}
