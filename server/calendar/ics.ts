/** iCalendar (RFC 5545) for CalDAV objects and the .ics export, through ical.js. */
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { addDays } from "../../shared/dates.ts";
import { fromProviderTimes, type ProviderTimes, toProviderTimes } from "./event-times.ts";
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

function parse(text: string): ICAL.Component | undefined {
  try {
    return new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return undefined;
  }
}

const masterOf = (cal: ICAL.Component) =>
  cal.getAllSubcomponents("vevent").find((v) => !v.hasProperty("recurrence-id"));
const isSeriesMaster = (master: ICAL.Component) => master.hasProperty("rrule") || master.hasProperty("rdate");
const tzidOf = (vevent: ICAL.Component, name: "dtstart" | "dtend") => {
  const tzid = vevent.getFirstProperty(name)?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
};

/** What the app shows of a VEVENT whose occurrence runs from `start` to `end`, in the user's wall clock. */
function readEvent(
  vevent: ICAL.Component,
  start: ICAL.Time,
  end: ICAL.Time,
  timeZone: string,
): { updated: string | null; fields: EventFields } {
  const ev = new ICAL.Event(vevent);
  let times: ProviderTimes;
  if (start.isDate) {
    const startDate = start.toString().slice(0, 10);
    times = { allDay: true, startDate, endDate: end.isDate ? end.toString().slice(0, 10) : addDays(startDate, 1) };
  } else {
    const tzStart = tzidOf(vevent, "dtstart");
    const tzEnd = tzidOf(vevent, "dtend") ?? tzStart;
    times = {
      allDay: false,
      start: instant(start, tzStart, timeZone),
      end: instant(end, tzEnd, timeZone),
      timeZone,
    };
  }
  const modified = vevent.getFirstPropertyValue("last-modified") ?? vevent.getFirstPropertyValue("dtstamp");
  const text = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);
  return {
    updated: modified instanceof ICAL.Time ? modified.toJSDate().toISOString() : null,
    fields: {
      ...fromProviderTimes(times, timeZone),
      title: text(ev.summary, 300) ?? "(No title)",
      description: text(ev.description, 10_000),
      location: text(ev.location, 500),
    },
  };
}

/** Whether a calendar object is a recurring series (its main VEVENT has RRULE or RDATE). */
export function isIcsSeries(text: string): boolean {
  const cal = parse(text);
  const master = cal && masterOf(cal);
  return master !== undefined && isSeriesMaster(master);
}

/** A single event's calendar object, in the user's wall clock; undefined when unusable or a series. */
export function parseIcsEvent(text: string, timeZone: string): ParsedIcsEvent | undefined {
  const cal = parse(text);
  const master = cal && masterOf(cal);
  if (!master || isSeriesMaster(master)) return undefined;
  const ev = new ICAL.Event(master);
  const start = ev.startDate;
  if (!start) return undefined;
  return { uid: ev.uid, ...readEvent(master, start, ev.endDate ?? start, timeZone) };
}

// ---------- recurring series ----------

/** An occurrence's RECURRENCE-ID as a compact key: "20260612T150000Z", "20260612T150000" or "20260612". */
export const occurrenceKey = (recurrenceId: ICAL.Time) => recurrenceId.toString().replace(/[-:]/g, "");

/** How far an expansion walks before giving up on finding an occurrence. */
const MAX_STEPS = 20_000;

function seriesOf(cal: ICAL.Component): ICAL.Event | undefined {
  const vevents = cal.getAllSubcomponents("vevent");
  const master = masterOf(cal);
  if (!master || !isSeriesMaster(master)) return undefined;
  return new ICAL.Event(master, { exceptions: vevents.filter((v) => v.hasProperty("recurrence-id")) });
}

export type IcsOccurrence = { key: string; updated: string | null; fields: EventFields };

/**
 * The occurrences of a recurring series that overlap [from, to), at most `limit`, each with its
 * own changes (an override VEVENT) applied and EXDATEs left out. Undefined when the object is not a
 * readable series.
 */
export function expandIcsSeries(
  text: string,
  timeZone: string,
  window: { from: Date; to: Date; limit: number },
): IcsOccurrence[] | undefined {
  const cal = parse(text);
  const series = cal && seriesOf(cal);
  if (!series) return undefined;
  const out: IcsOccurrence[] = [];
  try {
    const it = series.iterator();
    for (let step = 0; step < MAX_STEPS && out.length < window.limit; step++) {
      const next = it.next();
      if (!next) break;
      const details = series.getOccurrenceDetails(next);
      if (details.startDate.toJSDate() >= window.to) break;
      if (details.endDate.toJSDate() <= window.from) continue;
      out.push({
        key: occurrenceKey(details.recurrenceId),
        ...readEvent(details.item.component, details.startDate, details.endDate, timeZone),
      });
    }
  } catch {
    return undefined;
  }
  return out;
}

/** The RECURRENCE-ID of the occurrence with this key, walking the series from its start. */
function findOccurrence(series: ICAL.Event, key: string): ICAL.Time | undefined {
  const it = series.iterator();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = it.next();
    if (!next) return undefined;
    if (occurrenceKey(next) === key) return next;
  }
  return undefined;
}

/** One occurrence of a series as it stands now; undefined when the series no longer has it. */
export function readIcsOccurrence(text: string, key: string, timeZone: string): IcsOccurrence | undefined {
  const cal = parse(text);
  const series = cal && seriesOf(cal);
  const rid = series && findOccurrence(series, key);
  if (!series || !rid) return undefined;
  const details = series.getOccurrenceDetails(rid);
  return { key, ...readEvent(details.item.component, details.startDate, details.endDate, timeZone) };
}

/** A RECURRENCE-ID or EXDATE written the way the series' DTSTART is (same TZID, date or date-time). */
function setLikeStart(component: ICAL.Component, name: string, master: ICAL.Component, rid: ICAL.Time, add: boolean) {
  const prop = add
    ? component.addPropertyWithValue(name, rid.clone())
    : component.updatePropertyWithValue(name, rid.clone());
  const tzid = tzidOf(master, "dtstart");
  if (tzid && !rid.isDate && rid.zone !== ICAL.Timezone.utcTimezone) prop.setParameter("tzid", tzid);
}

const overrideFor = (cal: ICAL.Component, key: string) =>
  cal.getAllSubcomponents("vevent").find((v) => {
    const rid = v.getFirstPropertyValue("recurrence-id");
    return rid instanceof ICAL.Time && occurrenceKey(rid) === key;
  });

/**
 * The series with one occurrence changed: an override VEVENT (RECURRENCE-ID) carries our fields,
 * the rest of the series and what other clients keep on it stay as they are.
 */
export function patchIcsOccurrence(
  existing: string,
  key: string,
  fields: EventFields,
  timeZone: string,
): string | undefined {
  const cal = parse(existing);
  const master = cal && masterOf(cal);
  const series = cal && seriesOf(cal);
  const rid = series && findOccurrence(series, key);
  if (!cal || !master || !rid) return undefined;
  let override = overrideFor(cal, key);
  if (!override) {
    override = new ICAL.Component("vevent");
    override.updatePropertyWithValue("uid", master.getFirstPropertyValue("uid") as string);
    setLikeStart(override, "recurrence-id", master, rid, false);
    cal.addSubcomponent(override);
  }
  writeFields(override, fields, timeZone, new Date());
  const sequence = Number(override.getFirstPropertyValue("sequence") ?? master.getFirstPropertyValue("sequence") ?? 0);
  override.updatePropertyWithValue("sequence", Number.isFinite(sequence) ? sequence + 1 : 1);
  return cal.toString();
}

/** The series without one occurrence: an EXDATE on the series, and its override (if any) gone. */
export function removeIcsOccurrence(existing: string, key: string): string | undefined {
  const cal = parse(existing);
  const master = cal && masterOf(cal);
  const series = cal && seriesOf(cal);
  const rid = series && findOccurrence(series, key);
  if (!cal || !master || !rid) return undefined;
  const override = overrideFor(cal, key);
  if (override) cal.removeSubcomponent(override);
  setLikeStart(master, "exdate", master, rid, true);
  return cal.toString();
}
