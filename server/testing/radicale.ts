/** A real Radicale CalDAV server on 127.0.0.1 with htpasswd users and storage in a temp folder. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type TestRadicale = {
  url: string;
  username: string;
  password: string;
  /** Creates a calendar collection for the test user and answers its URL. */
  makeCalendar: (name: string) => Promise<string>;
  /** A request to the server as the test user (for checks made from "another client"). */
  request: (url: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startRadicale(): Promise<TestRadicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-radicale-"));
  const username = "alice";
  const password = "app-password-123";
  const htpasswd = path.join(dir, "users");
  fs.writeFileSync(htpasswd, `${username}:${password}\n`);
  const port = await freePort();
  const proc: ChildProcess = spawn(
    "radicale",
    [
      "--config",
      "",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      htpasswd,
      "--auth-htpasswd-encryption",
      "plain",
      "--storage-filesystem-folder",
      path.join(dir, "collections"),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  proc.stderr?.on("data", (c) => {
    stderr += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const request = (target: string, init: RequestInit = {}) =>
    fetch(new URL(target, url), { ...init, headers: { authorization: auth, ...(init.headers ?? {}) } });
  for (let i = 0; ; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      if (i > 100 || proc.exitCode !== null) throw new Error(`radicale did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    username,
    password,
    request,
    makeCalendar: async (name) => {
      const calendarUrl = `${url}/${username}/${name}/`;
      const res = await request(calendarUrl, {
        method: "MKCALENDAR",
        headers: { "content-type": "application/xml" },
        body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
      });
      if (res.status !== 201) throw new Error(`MKCALENDAR answered ${res.status}: ${await res.text()}`);
      return calendarUrl;
    },
    close: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
