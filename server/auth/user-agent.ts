/**
 * A browser's and system's everyday names from a User-Agent header, enough for a person to tell
 * their devices apart in Settings. Rough on purpose: the header is whatever the client says.
 */
export type DeviceName = { browser: string | null; os: string | null };

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:CriOS|Chrome|Chromium|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, "Windows"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? "";
  const pick = (list: Array<[RegExp, string]>) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: pick(BROWSERS), os: pick(SYSTEMS) };
}
