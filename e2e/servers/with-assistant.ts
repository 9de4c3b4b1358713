// The app with an OpenAI-compatible assistant provider configured (a local stand-in).
// Specs steer the stand-in through a small control server on PORT + 1000:
//   POST /mode {"mode": "ok" | "500" | ..., "transcript"?: string}   POST /reset
import http from "node:http";
import { type FakeMode, startFakeOpenAi } from "../../server/ai/fixtures/fake-openai.ts";
import { launchApp } from "./launch.ts";

const port = Number(process.env.PORT ?? 3000);
const fake = await startFakeOpenAi();

const modes: readonly FakeMode[] = ["ok", "invalid", "invalid-once", "refusal", "timeout", "429", "500"];

const control = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && req.url === "/reset") {
      fake.reset();
      return answer(200, { mode: fake.mode });
    }
    if (req.method === "POST" && req.url === "/mode") {
      let body: { mode?: unknown; transcript?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as typeof body;
      } catch {
        return answer(400, { message: "body: JSON expected" });
      }
      if (body.mode !== undefined) {
        if (!modes.includes(body.mode as FakeMode)) return answer(400, { message: `mode: one of ${modes.join(", ")}` });
        fake.mode = body.mode as FakeMode;
      }
      if (typeof body.transcript === "string") fake.transcript = body.transcript;
      return answer(200, { mode: fake.mode, transcript: fake.transcript });
    }
    if (req.method === "GET" && req.url === "/requests") {
      return answer(200, { paths: fake.requests.map((r) => r.path) });
    }
    answer(404, { message: "Not found" });
  });
});
await new Promise<void>((resolve) => control.listen(port + 1000, "127.0.0.1", resolve));

await launchApp({
  AI_BASE_URL: fake.url,
  // The stand-in accepts any key; a real deployment puts its provider's key here.
  AI_API_KEY: "sk-e2e-stand-in",
  // Short, so a test of a failing provider does not wait the default 20 seconds.
  AI_TIMEOUT_MS: "3000",
});
