/**
 * A thought keeps the day and time its words said, when the person accepted them at capture
 * (docs/decisions/022-dates-in-words.md); without them it has none. Edit thought sets or clears
 * them (docs/decisions/048-edit-and-delete-thoughts.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signUp()).cookie;
});
afterAll(() => t?.close());

const post = (payload: object) => t.app.inject({ method: "POST", url: "/api/thoughts", headers: { cookie }, payload });

describe("a thought's day and time", () => {
  it("are stored and read back when given, and null when not", async () => {
    const withWhen = await post({ content: "Dentist", type: "Reminder", whenDate: "2026-11-24", whenTime: "15:00" });
    expect(withWhen.statusCode, withWhen.body).toBe(201);
    expect(withWhen.json()).toMatchObject({ content: "Dentist", whenDate: "2026-11-24", whenTime: "15:00" });
    const dayOnly = await post({ content: "Bins out", whenDate: "2026-11-27" });
    expect(dayOnly.json()).toMatchObject({ whenDate: "2026-11-27", whenTime: null });
    const plain = await post({ content: "An idea" });
    expect(plain.json()).toMatchObject({ whenDate: null, whenTime: null });
    // A time without its day means nothing and is not kept.
    const timeOnly = await post({ content: "At three", whenTime: "15:00" });
    expect(timeOnly.json()).toMatchObject({ whenDate: null, whenTime: null });

    const list = await t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } });
    const dentist = (list.json() as Array<{ content: string }>).find((x) => x.content === "Dentist");
    expect(dentist).toMatchObject({ whenDate: "2026-11-24", whenTime: "15:00" });
  });

  it("refuses a malformed day or time with a 400 message", async () => {
    for (const bad of [
      { whenDate: "tomorrow" },
      { whenDate: "2026-11-24", whenTime: "3pm" },
      { whenDate: "2026-11-24", whenTime: "25:00" },
    ]) {
      const res = await post({ content: "Dentist", ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
  });
});

describe("a thought's day and time, edited", () => {
  const patch = (id: number, payload: object, as = cookie) =>
    t.app.inject({ method: "PATCH", url: `/api/thoughts/${id}`, headers: { cookie: as }, payload });

  it("are set, moved, kept through other changes and cleared", async () => {
    const { id } = (await post({ content: "Call the dentist", type: "Reminder" })).json();
    const set = await patch(id, { whenDate: "2026-12-01", whenTime: "09:30" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ whenDate: "2026-12-01", whenTime: "09:30" });
    // Words or type changed alone leave the day and time as they are.
    expect((await patch(id, { content: "Call the dentist back", type: "Task" })).json()).toMatchObject({
      content: "Call the dentist back",
      whenDate: "2026-12-01",
      whenTime: "09:30",
    });
    // A day given without a time keeps no time; a time sent without its day is not kept.
    expect((await patch(id, { whenDate: "2026-12-02" })).json()).toMatchObject({
      whenDate: "2026-12-02",
      whenTime: null,
    });
    expect((await patch(id, { whenTime: "11:00" })).json()).toMatchObject({ whenDate: "2026-12-02", whenTime: null });
    expect((await patch(id, { whenDate: null, whenTime: "11:00" })).json()).toMatchObject({
      whenDate: null,
      whenTime: null,
    });
    const list = await t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } });
    expect((list.json() as Array<{ id: number }>).find((x) => x.id === id)).toMatchObject({
      whenDate: null,
      whenTime: null,
    });
  });

  it("refuses a malformed day or time with a 400 message and changes nothing", async () => {
    const { id } = (await post({ content: "Bins out", whenDate: "2026-11-27", whenTime: "07:00" })).json();
    for (const bad of [{ whenDate: "next week" }, { whenDate: "2026-11-28", whenTime: "7am" }, { whenDate: 5 }]) {
      const res = await patch(id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    const other = (await t.signUp()).cookie;
    expect((await patch(id, { whenDate: null }, other)).statusCode).toBe(404);
    const list = await t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } });
    expect((list.json() as Array<{ id: number }>).find((x) => x.id === id)).toMatchObject({
      whenDate: "2026-11-27",
      whenTime: "07:00",
    });
  });
});
