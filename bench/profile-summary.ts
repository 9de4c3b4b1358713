/**
 * Reads a V8 CPU profile (node --cpu-prof) and prints where self time went: the top functions,
 * and the share per package, so findings come from a profile, not from guesses.
 *
 *   npx tsx bench/profile-summary.ts bench/results/profiles/CPU.*.cpuprofile [top=25]
 */
import fs from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs.entries()]
  .filter(([id]) => ["(idle)", "(program)"].includes(byId.get(id)?.callFrame.functionName ?? ""))
  .reduce((a, [, us]) => a + us, 0);
const busy = total - idle;

function where(url: string): string {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return "node core";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  return url.includes("/dist/server/") || url.includes("/server/") ? "daily-compass server" : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  if (!n || ["(idle)", "(program)"].includes(n.callFrame.functionName)) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || "(anonymous)"}  ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(server|shared|dist)\//, "$1/")}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = where(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
const top = Number(topArg ?? 25);
console.log(
  `busy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s sampled (shares below are of busy time)\n`,
);
console.log("self time by package");
for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us)}  ${pkg}`);
console.log("\nself time by function");
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${fn}`);
