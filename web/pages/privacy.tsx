import { LegalPage } from "../components/public-layout.tsx";
import { usePageData } from "../lib/page-data.ts";

export function PrivacyPage() {
  const { legal } = usePageData();
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>What we collect</h2>
        <p>
          {legal.companyName} stores your account details (username, display name, e-mail) and what you add: tasks,
          quick wins, projects, thoughts, moods, events and settings.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Your content is kept until you delete it or use Delete All Data in Settings. AI cache data is kept for about 5
          minutes. Session data is kept until the session cookie expires.
        </p>
      </section>
      <section>
        <h2>Third parties</h2>
        <p>
          If you connect Google Calendar, events are synced with your Google account. If an AI provider is configured,
          the text needed for a suggestion is sent to it. Nothing is sold or used for advertising.
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
