/**
 * Finding things by their words (docs/decisions/051-find-a-thought.md, 052-find-a-task.md): every
 * word typed must be in the text, in any order, ignoring case and accents ("cafe" finds "Café").
 * The inbox matches on the device with `wordsMatcher`; the server keeps each task's and quick
 * win's words folded by `foldWords` and matches `searchWords` against them, so both agree.
 */

/** Letters that are not a letter with an accent to Unicode, but that a person types without one. */
const PLAIN: Record<string, string> = { ł: "l", ø: "o", đ: "d", ħ: "h", ı: "i", ß: "ss", æ: "ae", œ: "oe", þ: "th" };

/** Accents taken off (é → e, ł → l) and lower case, the same on every device and on the server. */
export const foldWords = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[łøđħıßæœþ]/g, (c) => PLAIN[c] ?? c);

/** The words of a search, folded, each once; none for an empty or blank one. */
export const searchWords = (query: string): string[] => [...new Set(foldWords(query).split(/\s+/).filter(Boolean))];

/** A test for the words of `query`; with no words, everything matches. */
export function wordsMatcher(query: string): (text: string) => boolean {
  const words = searchWords(query);
  if (words.length === 0) return () => true;
  return (text) => {
    const folded = foldWords(text);
    return words.every((w) => folded.includes(w));
  };
}
