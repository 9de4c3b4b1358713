import { LegalPage } from "../components/public-layout.tsx";
import { usePageData } from "../lib/page-data.ts";

export function PrivacyPage() {
  const { legal } = usePageData();
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>What we collect</h2>
        <p>
          Your account details (username, display name, e-mail) and what you add (tasks, quick wins, projects, thoughts,
          moods, events and settings) are stored by {legal.companyName}.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Your content is kept until you delete it or use Delete All Data in Settings. Deleting your account (Settings,
          Account) removes the account and everything in it at once. AI cache data is kept for about 5 minutes. Session
          data is kept until the session cookie expires.
        </p>
      </section>
      <section>
        <h2>Cookies and this device</h2>
        <p>
          Two cookies, both needed for signing in and neither used for tracking: a session cookie that keeps you signed
          in, and a device cookie that remembers for 180 days that you signed in on this browser, so that other people's
          wrong guesses at your password never slow you down. Changing your password forgets it on every other browser.
        </p>
        <p>
          Your browser keeps your theme and display choices, a running focus timer, a copy of the day you last saw so
          the app opens offline, and what you add while offline until it is sent. Signing out clears the kept copy.
        </p>
      </section>
      <section>
        <h2>Third parties</h2>
        <p>
          If you connect Google Calendar, events are synced with your Google account. If you connect a CalDAV calendar,
          events are synced with that server. If you turn on reminders, they travel encrypted through your browser's
          push service, which cannot read them. If an AI provider is configured, the text needed for a suggestion is
          sent to it. Nothing is sold or used for advertising.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>We will give at least {legal.noticeDays} days' notice of material changes to this policy.</p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>Privacy questions and requests: {legal.contactEmail}.</p>
      </section>
    </LegalPage>
  );
}
