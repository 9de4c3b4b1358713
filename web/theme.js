// The stored theme, applied before the first paint (a classic script in <head>, so it runs before
// the page is drawn; the build gives it a hashed name). Mirrors storedTheme()/applyTheme() in
// web/app/theme.tsx: "theme" in localStorage, dark unless it says light. web/theme-script.test.ts
// holds the two together.
try {
  document.documentElement.classList.toggle("dark", localStorage.getItem("theme") !== "light");
} catch (_error) {
  // Storage unavailable: the page keeps its default, dark.
}

// The person's display choices (web/app/display-preferences.ts keeps "display" in localStorage):
// the page is drawn with them, not re-drawn once the settings arrive.
try {
  const display = JSON.parse(localStorage.getItem("display") || "null");
  if (display && typeof display === "object") {
    const root = document.documentElement;
    if (display.textSize && display.textSize !== "normal") root.setAttribute("data-text-size", display.textSize);
    if (display.readingFont && display.readingFont !== "default") root.setAttribute("data-font", display.readingFont);
    if (display.reducedMotion && display.reducedMotion !== "system")
      root.setAttribute("data-motion", display.reducedMotion);
    if (display.contrast && display.contrast !== "normal") root.setAttribute("data-contrast", display.contrast);
    if (display.lowStimulation) root.setAttribute("data-calm", "");
  }
} catch (_error) {
  // Nothing stored, or storage unavailable: the defaults.
}

// The signed-in app's shell (web/index.html) asks for its first date formatter to be made on
// another thread while the scripts download (web/public/intl-warm.js).
try {
  if (document.documentElement.hasAttribute("data-warm-intl") && typeof Worker === "function") {
    new Worker("/intl-warm.js");
  }
} catch (_error) {
  // No workers here: the page makes its first formatter itself.
}
