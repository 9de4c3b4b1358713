/**
 * Words a page shows from its address (`?error=` after a sign-in, `error_message` after connecting
 * a calendar): only the server's own, any other text as `fallback`, so a link cannot make the app
 * appear to say something it never said.
 */
export function ownWords<const W extends Record<string, string>>(
  words: W,
  fallback: keyof W,
): (text: string) => W[keyof W] {
  const known = new Set<string>(Object.values(words));
  return (text) => (known.has(text) ? text : words[fallback]) as W[keyof W];
}
