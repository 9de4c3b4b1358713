/**
 * Finding a thought in a long inbox (docs/decisions/051-find-a-thought.md): every word typed must
 * be in the thought, in any order, ignoring case and accents ("cafe" finds "Café").
 */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();

/** A test for the words of `query`; with no words, everything matches. */
export function wordsMatcher(query: string): (text: string) => boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (text) => {
    const folded = fold(text);
    return words.every((w) => folded.includes(w));
  };
}
