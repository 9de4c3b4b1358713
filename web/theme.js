// The stored theme, applied before the first paint (a classic script in <head>, so it runs before
// the page is drawn; the build gives it a hashed name). Mirrors storedTheme()/applyTheme() in
// web/app/theme.tsx: "theme" in localStorage, dark unless it says light. web/theme-script.test.ts
// holds the two together.
try {
  document.documentElement.classList.toggle("dark", localStorage.getItem("theme") !== "light");
} catch (_error) {
  // Storage unavailable: the page keeps its default, dark.
}
