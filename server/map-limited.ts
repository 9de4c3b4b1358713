/**
 * `work` on each item, at most `limit` at a time, the answers in the items' order. Each item
 * starts once one running before it is done, so one slow item holds back only its own runner.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return out;
}
