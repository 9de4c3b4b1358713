import { describe, expect, it } from "vitest";
import { formatTime12, zonedNow } from "./dates.ts";
import { buildAgenda, eventTiming, isTaskApproaching, newEventStart } from "./schedule.ts";

const now = { date: "2025-03-10", minutes: 12 * 60, hhmm: "12:00" };
const ev = (title: string, date: string, startTime: string, duration = 30) => ({ title, date, startTime, duration });

describe("buildAgenda", () => {
  const events = [
    ev("late", "2025-03-10", "18:00"),
    ev("early", "2025-03-10", "08:00"),
    ev("running", "2025-03-10", "11:45", 30),
    ev("soon", "2025-03-10", "12:30"),
    ev("allday-tomorrow", "2025-03-11", "00:00", 1440),
    ev("allday-today", "2025-03-10", "00:00", 1440),
    ev("allday-later", "2025-03-12", "00:00", 1440),
    ev("t3", "2025-03-11", "15:00"),
    ev("t1", "2025-03-11", "09:00"),
    ev("t2", "2025-03-11", "10:00"),
    ev("yesterday", "2025-03-09", "13:00"),
  ];
  const agenda = buildAgenda(events, now);

  it("puts all-day events of today and tomorrow first, by date", () => {
    expect(agenda.allDay.map((e) => e.title)).toEqual(["allday-today", "allday-tomorrow"]);
  });
  it("lists today's remaining events by start time, including one in progress", () => {
    expect(agenda.today.map((e) => e.title)).toEqual(["running", "soon", "late"]);
  });
  it("keeps at most two of tomorrow's timed events, earliest first", () => {
    expect(agenda.tomorrow.map((e) => e.title)).toEqual(["t1", "t2"]);
  });
  it("moves finished events of today to the past section", () => {
    expect(agenda.pastToday.map((e) => e.title)).toEqual(["early"]);
  });
});

describe("eventTiming", () => {
  it("marks an event within the next 60 minutes as approaching", () => {
    expect(eventTiming(ev("a", "2025-03-10", "12:59"), now)).toMatchObject({ approaching: true, upcoming: true });
    expect(eventTiming(ev("a", "2025-03-10", "13:01"), now)).toMatchObject({ approaching: false, upcoming: true });
  });
  it("marks an event in progress as happening now and past its start", () => {
    expect(eventTiming(ev("a", "2025-03-10", "11:45", 30), now)).toMatchObject({ happeningNow: true, past: true });
    expect(eventTiming(ev("a", "2025-03-10", "11:00", 30), now)).toMatchObject({ happeningNow: false, past: true });
  });
  it("treats a 1440-minute event as all day and never approaching", () => {
    expect(eventTiming(ev("a", "2025-03-10", "12:10", 1440), now)).toMatchObject({ allDay: true, approaching: false });
  });
  it("compares across midnight", () => {
    const late = { date: "2025-03-10", minutes: 23 * 60 + 30, hhmm: "23:30" };
    expect(eventTiming(ev("a", "2025-03-11", "00:15"), late).approaching).toBe(true);
  });
});

describe("time helpers", () => {
  it("formats 12-hour times", () => {
    expect(formatTime12("00:05")).toBe("12:05 AM");
    expect(formatTime12("12:00")).toBe("12:00 PM");
    expect(formatTime12("23:45")).toBe("11:45 PM");
  });
  it("computes the wall clock in a given zone", () => {
    const instant = new Date("2025-03-10T23:30:00Z");
    expect(zonedNow(instant, "UTC")).toMatchObject({ date: "2025-03-10", hhmm: "23:30" });
    expect(zonedNow(instant, "Asia/Tokyo")).toMatchObject({ date: "2025-03-11", hhmm: "08:30" });
  });
  it("flags a task as approaching once its due time has come", () => {
    expect(isTaskApproaching("11:59", now)).toBe(true);
    expect(isTaskApproaching("12:01", now)).toBe(false);
    expect(isTaskApproaching(null, now)).toBe(false);
  });
});

describe("in the user's zone, across midnight and clock changes", () => {
  const titles = (list: { title: string }[]) => list.map((e) => e.title);

  it("splits today, tomorrow and past by each zone's own date", () => {
    const instant = new Date("2026-06-15T06:30:00Z");
    const events = [ev("A", "2026-06-14", "23:45"), ev("B", "2026-06-15", "09:00"), ev("C", "2026-06-15", "16:00")];
    const la = buildAgenda(events, zonedNow(instant, "America/Los_Angeles")); // Jun 14, 23:30
    expect([titles(la.today), titles(la.tomorrow), titles(la.pastToday)]).toEqual([["A"], ["B", "C"], []]);
    const berlin = buildAgenda(events, zonedNow(instant, "Europe/Berlin")); // Jun 15, 08:30
    expect([titles(berlin.today), titles(berlin.tomorrow), titles(berlin.pastToday)]).toEqual([["B", "C"], [], []]);
    const tokyo = buildAgenda(events, zonedNow(instant, "Asia/Tokyo")); // Jun 15, 15:30
    expect([titles(tokyo.today), titles(tokyo.tomorrow), titles(tokyo.pastToday)]).toEqual([["C"], [], ["B"]]);
  });

  it("counts real minutes on the night clocks spring forward (Los Angeles)", () => {
    const now = zonedNow(new Date("2026-03-08T09:30:00Z"), "America/Los_Angeles"); // 01:30 PST
    expect(now.hhmm).toBe("01:30");
    // 03:10 PDT is 40 minutes away, though the wall clock says 100.
    expect(eventTiming(ev("early flight", "2026-03-08", "03:10"), now).approaching).toBe(true);
    expect(eventTiming(ev("later", "2026-03-08", "03:40"), now).approaching).toBe(false);
  });

  it("counts real minutes on the night clocks fall back (Berlin)", () => {
    const now = zonedNow(new Date("2026-10-25T00:30:00Z"), "Europe/Berlin"); // 02:30 CEST, the first one
    expect(now.hhmm).toBe("02:30");
    // 03:15 CET is 105 minutes away, though the wall clock says 45.
    expect(eventTiming(ev("night shift", "2026-10-25", "03:15"), now).approaching).toBe(false);
    const running = ev("started at 1:45", "2026-10-25", "01:45", 60); // ends 02:45 CEST
    expect(eventTiming(running, now).happeningNow).toBe(true);
    expect(buildAgenda([running], now).today).toEqual([running]);
  });

  it("sees an event after midnight as approaching and keeps one running past midnight (Tokyo)", () => {
    const now = zonedNow(new Date("2026-12-31T14:50:00Z"), "Asia/Tokyo"); // Dec 31, 23:50
    const newYear = ev("New year toast", "2027-01-01", "00:20");
    const party = ev("Party", "2026-12-31", "23:30", 60);
    expect(eventTiming(newYear, now)).toMatchObject({ approaching: true, upcoming: true });
    expect(eventTiming(party, now)).toMatchObject({ happeningNow: true, approaching: false });
    const agenda = buildAgenda([newYear, party], now);
    expect(titles(agenda.today)).toEqual(["Party"]);
    expect(titles(agenda.tomorrow)).toEqual(["New year toast"]);
    expect(agenda.pastToday).toEqual([]);
  });
});

describe("the start a new event is offered", () => {
  const at = (hhmm: string) => ({
    date: "2025-03-10",
    hhmm,
    minutes: Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)),
  });
  it("is 9:00 on a later day, and today before 9:00", () => {
    expect(newEventStart("2025-03-11", at("15:20"))).toBe("09:00");
    expect(newEventStart("2025-03-10", at("07:45"))).toBe("09:00");
  });
  it("is the next whole hour today once 9:00 has passed, never one gone", () => {
    expect(newEventStart("2025-03-10", at("09:00"))).toBe("10:00");
    expect(newEventStart("2025-03-10", at("12:30"))).toBe("13:00");
    expect(newEventStart("2025-03-10", at("22:05"))).toBe("23:00");
  });
  it("is the next quarter hour once 23:00 has passed, 23:45 at the latest", () => {
    expect(newEventStart("2025-03-10", at("23:00"))).toBe("23:15");
    expect(newEventStart("2025-03-10", at("23:10"))).toBe("23:15");
    expect(newEventStart("2025-03-10", at("23:15"))).toBe("23:30");
    expect(newEventStart("2025-03-10", at("23:44"))).toBe("23:45");
    expect(newEventStart("2025-03-10", at("23:52"))).toBe("23:45");
  });
});
