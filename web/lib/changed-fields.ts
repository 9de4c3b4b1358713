/**
 * What the person changed in an edit dialog: the fields of `edited` whose values differ from the
 * same form as it opened (both through the same conversion to the API's fields). Only these are
 * sent, so what another device or a calendar sync changed meanwhile in the other fields is kept
 * (docs/decisions/056-edits-over-what-is-there.md). Null when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(opened: T, edited: T): Partial<T> | null {
  const changed = Object.fromEntries(Object.entries(edited).filter(([key, value]) => !Object.is(opened[key], value)));
  return Object.keys(changed).length > 0 ? (changed as Partial<T>) : null;
}
