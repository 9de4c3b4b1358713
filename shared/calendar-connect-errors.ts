import { ownWords } from "./own-words.ts";

/**
 * Why connecting Google Calendar failed, in the words the settings page shows
 * (`/settings?google_error=true&error_message=`). The page shows only these: any other text in the
 * address is shown as `failed`, so a link cannot make the app appear to say something it never
 * said (as `SIGN_IN_ERRORS` does for the sign-in page).
 */
export const CALENDAR_CONNECT_ERRORS = {
  failed: "There was an error connecting your Google Calendar. Please try again.",
  expired: "The connection attempt expired or did not come from this browser. Please try again.",
  denied: "Access was not granted.",
  incomplete: "Google did not complete the connection.",
  notAccepted: "Google did not accept the authorization.",
  noEvents: "Access to your calendar events was not granted.",
  noOfflineAccess: "Google did not grant offline access. Please try again.",
  otherCalendar: "Another calendar is connected. Disconnect it first.",
  unreachable: "Google could not be reached. Please try again.",
} as const;

export type CalendarConnectError = (typeof CALENDAR_CONNECT_ERRORS)[keyof typeof CALENDAR_CONNECT_ERRORS];

/** The words to show for `error_message`: the server's own, or the plain failure for anything else. */
export const calendarConnectErrorToShow = ownWords(CALENDAR_CONNECT_ERRORS, "failed");
