/** Sign-in limits as a client meets them, with several server instances on one database. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecondInstance, createTestApp, type TestApp, uniqueName } from "../testing/test-app.ts";
import { deleteExpiredDevices } from "./known-devices.ts";

let now = Date.parse("2030-01-01T09:00:30Z");
const clock = () => now;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock });
  second = await createSecondInstance(t, { now: clock });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const login = (app: FastifyInstance, username: string, password: string, from = "127.0.0.1", cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });

/** The `name=value` pair of the known-device cookie a response set. */
function deviceCookie(res: LightMyRequestResponse): string {
  const found = res.cookies.find((c) => c.name.endsWith("dc_device"));
  if (!found) throw new Error("no device cookie in response");
  return `${found.name}=${found.value}`;
}

/** Strangers guess one account's password from many addresses, each one waiting out any 429. */
async function strangerFlood(username: string, tries: number, firstAddress: number): Promise<number> {
  let failures = 0;
  for (let i = 0; i < tries; i++) {
    const from = `203.0.113.${firstAddress + i}`;
    let res = await login(i % 2 ? second.app : t.app, username, `stranger guess ${i}`, from);
    if (res.statusCode === 429) {
      now += Number(res.headers["retry-after"]) * 1000;
      res = await login(t.app, username, `stranger guess ${i}`, from);
    }
    if (res.statusCode === 401) failures++;
  }
  return failures;
}

describe("sign-in limits shared by every instance", () => {
  it("answers the 6th wrong attempt for one account from one address with 429, whichever instance it hits", async () => {
    const { username } = await t.signUp(uniqueName("shared"), "the real password");
    const instances = [t.app, second.app];
    for (let i = 0; i < 5; i++) {
      const res = await login(instances[i % 2] as FastifyInstance, username, `guess ${i}`, "198.51.100.20");
      expect(res.statusCode).toBe(401);
    }
    for (const app of instances) {
      const blocked = await login(app, username, "the real password", "198.51.100.20");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another address is not held back by those five guesses.
    expect((await login(second.app, username, "the real password", "198.51.100.21")).statusCode).toBe(200);
  });
});

describe("password change", () => {
  const change = (app: FastifyInstance, cookie: string, currentPassword: string, from = "127.0.0.1") =>
    app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword, newPassword: "a calm new passphrase" },
      remoteAddress: from,
    });

  it("stops guessing the current password after 5 wrong ones, like sign-in, on every instance", async () => {
    const { cookie, username } = await t.signUp(uniqueName("changer"), "the real password");
    for (let i = 0; i < 5; i++) {
      const res = await change(i % 2 ? second.app : t.app, cookie, `guess ${i}`, "198.51.100.30");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("currentPassword: The current password is not correct");
    }
    for (const app of [t.app, second.app]) {
      const blocked = await change(app, cookie, "the real password", "198.51.100.30");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(
        /^Too many wrong passwords\. Please wait \d+ (minute|second)s? and try again\.$/,
      );
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Nothing changed: the old password still signs in (from another address).
    expect((await login(t.app, username, "the real password", "198.51.100.31")).statusCode).toBe(200);
  });
});

// Every stranger's guess is a real argon2 check, so these take a while on a busy machine.
const FLOOD_TIMEOUT = 120_000;

describe("strangers cannot lock the owner out", () => {
  it(
    "lets the owner in from a known device at once, and from a new address after a short wait",
    async () => {
      const { username } = await t.signUp(uniqueName("owner"), "the owner's passphrase");
      const home = deviceCookie(await login(t.app, username, "the owner's passphrase", "192.0.2.10"));

      // 50 wrong passwords from 50 addresses, every one of them really checked.
      expect(await strangerFlood(username, 50, 1)).toBe(50);

      // A new address, even with the right password, has to wait a little: never 15 minutes.
      const fresh = await login(second.app, username, "the owner's passphrase", "192.0.2.99");
      expect(fresh.statusCode).toBe(429);
      const wait = Number(fresh.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(5 * 60);
      expect(fresh.json().message).toBe(
        `Too many sign-in attempts for this account. Please wait ${wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`} and try again, or sign in on a device you have used before.`,
      );

      // The browser the owner signed in with before gets in straight away, from any address, on any instance.
      const fromHome = await login(second.app, username, "the owner's passphrase", "192.0.2.11", home);
      expect(fromHome.statusCode).toBe(200);
      expect(fromHome.json().user.username).toBe(username);

      // After the wait, the right password gets in from the new address too.
      now += wait * 1000;
      expect((await login(t.app, username, "the owner's passphrase", "192.0.2.99")).statusCode).toBe(200);
    },
    FLOOD_TIMEOUT,
  );

  it(
    "lets the owner in from a known device even while strangers keep the account busy",
    async () => {
      const { username } = await t.signUp(uniqueName("busy"), "the owner's passphrase");
      const home = deviceCookie(await login(t.app, username, "the owner's passphrase", "192.0.2.20"));
      // 50 guesses at one instant: after the first few, the account holds new devices back.
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          login(i % 2 ? second.app : t.app, username, `burst ${i}`, `203.0.113.${100 + i}`),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThan(30);
      expect((await login(t.app, username, "the owner's passphrase", "192.0.2.21", home)).statusCode).toBe(200);
    },
    FLOOD_TIMEOUT,
  );

  it(
    "a known device counts only for the account that signed in on it",
    async () => {
      const { username: ann } = await t.signUp(uniqueName("ann"), "ann's own passphrase");
      const { username: bea } = await t.signUp(uniqueName("bea"), "bea's own passphrase");
      const annDevice = deviceCookie(await login(t.app, ann, "ann's own passphrase", "192.0.2.30"));
      await strangerFlood(bea, 12, 150);
      const res = await login(t.app, bea, "bea's own passphrase", "192.0.2.31", annDevice);
      expect(res.statusCode).toBe(429);
    },
    FLOOD_TIMEOUT,
  );

  it("a known device that keeps guessing wrong loses its head start", async () => {
    const { username } = await t.signUp(uniqueName("stolen"), "the owner's passphrase");
    const device = deviceCookie(await login(t.app, username, "the owner's passphrase", "192.0.2.40"));
    // Five wrong passwords from five addresses with that browser's cookie.
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, username, `cookie guess ${i}`, `198.18.0.${i + 1}`, device)).statusCode).toBe(401);
    }
    expect((await login(second.app, username, "the owner's passphrase", "198.18.0.9", device)).statusCode).toBe(429);
  });

  it("keeps the device cookie random, HttpOnly and strict, and stores only its hash", async () => {
    const { username } = await t.signUp(uniqueName("cookie"), "the owner's passphrase");
    const res = await login(t.app, username, "the owner's passphrase", "192.0.2.50");
    const cookie = res.cookies.find((c) => c.name === "dc_device");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.handle.db.selectFrom("known_devices").select("id").execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === cookie?.value)).toBe(false);
  });

  it("forgets devices unused for 180 days when expired rows are swept", async () => {
    const { username } = await t.signUp(uniqueName("gone"), "the owner's passphrase");
    await login(t.app, username, "the owner's passphrase", "192.0.2.55");
    const devices = async () => (await t.handle.db.selectFrom("known_devices").select("id").execute()).length;
    const before = await devices();
    expect(await deleteExpiredDevices(t.handle.db, new Date(now + 179 * DAY))).toBe(0);
    expect(await deleteExpiredDevices(t.handle.db, new Date(now + 181 * DAY))).toBe(before);
    expect(await devices()).toBe(0);
  });

  it(
    "a password change takes the head start away from the account's other devices",
    async () => {
      const { username } = await t.signUp(uniqueName("moved"), "the old passphrase");
      const other = deviceCookie(await login(t.app, username, "the old passphrase", "192.0.2.60"));
      const here = await login(t.app, username, "the old passphrase", "192.0.2.61");
      const session = here.cookies.find((c) => c.name === "dc_session");
      const changed = await t.app.inject({
        method: "POST",
        url: "/api/auth/password",
        headers: { cookie: `dc_session=${session?.value}; ${deviceCookie(here)}` },
        payload: { currentPassword: "the old passphrase", newPassword: "the new passphrase" },
        remoteAddress: "192.0.2.61",
      });
      expect(changed.statusCode).toBe(204);
      await strangerFlood(username, 12, 200);
      expect((await login(t.app, username, "the new passphrase", "192.0.2.62", other)).statusCode).toBe(429);
      expect((await login(t.app, username, "the new passphrase", "192.0.2.63", deviceCookie(here))).statusCode).toBe(
        200,
      );
    },
    FLOOD_TIMEOUT,
  );
});
