import { ApiError } from "./api.ts";

/** How often a change is made again to the record as it is now, before it fails. */
const TRIES = 3;

/**
 * Saves a change to a record saved whole (a project's tasks, a task's checklist), sent with the
 * version of the record it was made to. When the server refuses it because the record changed
 * elsewhere meanwhile (412), the record is read again, shown, and the change made to it as it is
 * now, up to three times in all (docs/decisions/055-versions.md).
 */
export async function madeToWhatIsThere<T, R>(opts: {
  /** The record as this page holds it. */
  now: T;
  /** Makes the change to `now` and sends it with `now`'s version. */
  save: (now: T) => Promise<R>;
  read: () => Promise<T>;
  show: (now: T) => void;
}): Promise<R> {
  let now = opts.now;
  for (let tries = 1; ; tries++) {
    try {
      return await opts.save(now);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 412) || tries === TRIES) throw error;
      now = await opts.read();
      opts.show(now);
    }
  }
}
