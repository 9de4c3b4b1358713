/** iCalendar (RFC 5545) for CalDAV objects and the .ics export, through ical.js. */
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { addDays, fromProviderTimes, type ProviderTimes, toProviderTimes } from "./event-times.ts";
import type { EventFields } from "./provider.ts";

const PRODID = "-//Daily Compass//Calendar//EN";

function calendar(): ICAL.Component {
  const cal = new ICAL.Component(["vcalendar", [], []]);
  cal.updatePropertyWithValue("prodid", PRODID);
  cal.updatePropertyWithValue("version", "2.0");
  cal.updatePropertyWithValue("calscale", "GREGORIAN");
  return cal;
}

function vevent(uid: string, fields: EventFields, timeZone: string, updated: Date): ICAL.Component {
  const ev = new ICAL.Component("vevent");
  ev.updatePropertyWithValue("uid", uid);
  writeFields(ev, fields, timeZone, updated);
  return ev;
}

/** Sets what the app owns on a VEVENT; everything else on it (alarms, attendees, …) is left alone. */
function writeFields(ev: ICAL.Component, fields: EventFields, timeZone: string, updated: Date): void {
  ev.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(), true));
  ev.updatePropertyWithValue("last-modified", ICAL.Time.fromJSDate(updated, true));
  ev.updatePropertyWithValue("summary", fields.title);
  for (const [name, value] of [
    ["location", fields.location],
    ["description", fields.description],
  ] as const) {
    if (value) ev.updatePropertyWithValue(name, value);
    else ev.removeAllProperties(name);
  }
  ev.removeAllProperties("duration");
  ev.removeAllProperties("dtstart");
  ev.removeAllProperties("dtend");
  const times = toProviderTimes(fields, timeZone);
  if (times.allDay) {
    ev.updatePropertyWithValue("dtstart", ICAL.Time.fromDateString(times.startDate));
    ev.updatePropertyWithValue("dtend", ICAL.Time.fromDateString(times.endDate));
  } else {
    // UTC instants: exact in every client without shipping VTIMEZONE definitions.
    ev.updatePropertyWithValue("dtstart", ICAL.Time.fromJSDate(new Date(times.start), true));
    ev.updatePropertyWithValue("dtend", ICAL.Time.fromJSDate(new Date(times.end), true));
  }
}

/**
 * The calendar object another client wrote, with our fields applied: its UID, other
 * properties and components are kept, and SEQUENCE goes up as RFC 5545 asks for a changed time.
 */
export function patchIcs(existing: string, fields: EventFields, timeZone: string): string | undefined {
  let cal: ICAL.Component;
  try {
    cal = new ICAL.Component(ICAL.parse(existing) as unknown[]);
  } catch {
    return undefined;
  }
  const master = cal.getAllSubcomponents("vevent").find((v) => !v.hasProperty("recurrence-id"));
  if (!master) return undefined;
  writeFields(master, fields, timeZone, new Date());
  const sequence = Number(master.getFirstPropertyValue("sequence") ?? 0);
  master.updatePropertyWithValue("sequence", Number.isFinite(sequence) ? sequence + 1 : 1);
  return cal.toString();
}

/** One event as a calendar object resource (what a CalDAV PUT sends). */
export function eventToIcs(uid: string, fields: EventFields, timeZone: string, updated = new Date()): string {
  const cal = calendar();
  cal.addSubcomponent(vevent(uid, fields, timeZone, updated));
  return cal.toString();
}

/** A whole calendar for export. */
export function eventsToIcs(
  events: (EventFields & { uid: string; updatedAt: string })[],
  timeZone: string,
  name: string,
): string {
  const cal = calendar();
  cal.updatePropertyWithValue("x-wr-calname", name);
  cal.updatePropertyWithValue("x-wr-timezone", timeZone);
  for (const e of events) cal.addSubcomponent(vevent(e.uid, e, timeZone, new Date(e.updatedAt)));
  return `${cal.toString().replace(/\r?\n/g, "\r\n")}\r\n`;
}

function instant(time: ICAL.Time, tzid: string | undefined, fallbackZone: string): string {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().toISOString();
  // A TZID we cannot resolve through a VTIMEZONE is read as an IANA name, else as the user's wall clock.
  let zone = fallbackZone;
  if (tzid) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tzid });
      zone = tzid;
    } catch {
      zone = fallbackZone;
    }
  }
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, zone).toISOString();
}

export type ParsedIcsEvent = { uid: string; updated: string | null; fields: EventFields };

/** The first VEVENT of a calendar object, in the user's wall clock; undefined when unusable. */
export function parseIcsEvent(text: string, timeZone: string): ParsedIcsEvent | undefined {
  let comp: ICAL.Component;
  try {
    comp = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return undefined;
  }
  const master = comp.getAllSubcomponents("vevent").find((v) => !v.hasProperty("recurrence-id"));
  if (!master) return undefined;
  // Series are not imported yet: one local event per series would move every occurrence when edited.
  if (master.hasProperty("rrule") || master.hasProperty("rdate")) return undefined;
  const ev = new ICAL.Event(master);
  const start = ev.startDate;
  if (!start) return undefined;
  const end = ev.endDate ?? start;
  let times: ProviderTimes;
  if (start.isDate) {
    const startDate = start.toString().slice(0, 10);
    times = { allDay: true, startDate, endDate: end.isDate ? end.toString().slice(0, 10) : addDays(startDate, 1) };
  } else {
    const tzStart = master.getFirstProperty("dtstart")?.getParameter("tzid");
    const tzEnd = master.getFirstProperty("dtend")?.getParameter("tzid") ?? tzStart;
    times = {
      allDay: false,
      start: instant(start, typeof tzStart === "string" ? tzStart : undefined, timeZone),
      end: instant(end, typeof tzEnd === "string" ? tzEnd : undefined, timeZone),
      timeZone,
    };
  }
  const modified = master.getFirstPropertyValue("last-modified") ?? master.getFirstPropertyValue("dtstamp");
  const text300 = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);
  return {
    uid: ev.uid,
    updated: modified instanceof ICAL.Time ? modified.toJSDate().toISOString() : null,
    fields: {
      ...fromProviderTimes(times, timeZone),
      title: text300(ev.summary, 300) ?? "(No title)",
      description: text300(ev.description, 10_000),
      location: text300(ev.location, 500),
    },
  };
}
