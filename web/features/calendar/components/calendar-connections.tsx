import { CaldavCard } from "./caldav-card.tsx";
import { GoogleCalendarCard } from "./google-calendar-card.tsx";

/** Settings → Integrations: one card per calendar provider. */
export function CalendarConnections() {
  return (
    <div className="grid gap-6">
      <GoogleCalendarCard />
      <CaldavCard />
    </div>
  );
}
