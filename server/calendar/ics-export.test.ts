import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/events.ics", () => {
  it("exports the user's events, and only theirs, at the right instants", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const headers = { cookie: user.cookie };
    await t.app.inject({ method: "PUT", url: "/api/settings", headers, payload: { timeZone: "America/Los_Angeles" } });
    for (const payload of [
      { title: "Therapy", date: "2026-03-08", startTime: "10:00", duration: 50, location: "Clinic; room 2" },
      { title: "Birthday", date: "2026-03-09", startTime: "00:00", duration: 1440 },
    ]) {
      expect((await t.app.inject({ method: "POST", url: "/api/events", headers, payload })).statusCode).toBe(201);
    }
    await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { cookie: other.cookie },
      payload: { title: "Not yours", date: "2026-03-08", startTime: "09:00", duration: 30 },
    });

    const res = await t.app.inject({ method: "GET", url: "/api/events.ics", headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("daily-compass.ics");
    expect(res.body).toContain("\r\n");
    const cal = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary).sort()).toEqual(["Birthday", "Therapy"]);
    const therapy = events.find((e) => e.summary === "Therapy");
    expect(therapy?.startDate.toJSDate().toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(therapy?.endDate.toJSDate().toISOString()).toBe("2026-03-08T17:50:00.000Z");
    expect(therapy?.location).toBe("Clinic; room 2");
    const birthday = events.find((e) => e.summary === "Birthday");
    expect(birthday?.startDate.isDate).toBe(true);
    expect(birthday?.startDate.toString()).toBe("2026-03-09");
    expect(birthday?.endDate.toString()).toBe("2026-03-10");
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/events.ics" })).statusCode).toBe(401);
  });
});
