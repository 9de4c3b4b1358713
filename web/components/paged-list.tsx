import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import type { ListPage } from "../lib/api.ts";
import { ListLoadFailed } from "./list-load-failed.tsx";
import { Button } from "./ui/button.tsx";

type Props<T extends { id: number }> = {
  /** A walk of pages ('Show more' reads the next one by its cursor). */
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>, unknown>, Error>;
  /** The rows to show, in order: the walk's rows, less any the screen has already taken out. */
  rows: T[];
  /** Names the list for assistive technology. */
  label: string;
  empty: ReactNode;
  /** One row's content; each is a list item that can take focus. */
  children: (row: T) => ReactNode;
};

/**
 * A list read a page at a time behind a 'Show more' button, never all at once. After more rows
 * arrive, focus moves to the first of them, so a keyboard user goes on reading where the new
 * rows start instead of starting over. Only a list that could never be read says it could not
 * load.
 */
export function PagedList<T extends { id: number }>({ query, rows, label, empty, children }: Props<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || query.isFetchingNextPage) return;
    focusFrom.current = null;
    const items = listRef.current?.children;
    const item = (items?.[from] ?? items?.[items.length - 1]) as HTMLElement | undefined;
    item?.focus();
  });

  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-hidden>
        <div className="h-14 animate-pulse rounded-xl bg-accent" />
        <div className="h-14 animate-pulse rounded-xl bg-accent" />
      </div>
    );
  }
  // A list read before stays on show when reading it again fails (no connection, the server
  // restarting): the rows it had are still the person's best view, and the next change reads it again.
  if (query.isError && !query.data) return <ListLoadFailed onRetry={() => void query.refetch()} />;
  return (
    <div className="grid gap-3">
      {rows.length === 0 ? (
        empty
      ) : (
        <ul ref={listRef} aria-label={label} className="grid gap-2">
          {rows.map((row) => (
            <li
              key={row.id}
              tabIndex={-1}
              className="rounded-xl border border-border p-[min(0.75rem,12px)] focus-visible:outline-2 focus-visible:outline-ring"
            >
              {children(row)}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => {
            focusFrom.current = rows.length;
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? "Loading..." : "Show more"}
        </Button>
      )}
    </div>
  );
}
