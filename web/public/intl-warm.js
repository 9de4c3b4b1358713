// Started by web/theme.js in the signed-in app's <head>: makes the page's first date formatter on
// another thread. A browser's first Intl formatter loads the locale and time zone data (tens of ms
// on a phone, more on a slow one) and those caches are shared by the whole page, so the app's own
// first "what day is it where you are" no longer waits for them on the main thread
// (docs/decisions/036-dashboard-first-paint.md).
try {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  new Intl.DateTimeFormat("en-CA", { timeZone, hour: "2-digit" }).format(new Date());
} catch (_error) {
  // No Intl here: the page makes its own formatters as before.
}
close();
