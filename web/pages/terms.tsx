import { LegalPage } from "../components/public-layout.tsx";
import { usePageData } from "../lib/page-data.ts";

export function TermsPage() {
  const { legal } = usePageData();
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>1. Agreement</h2>
        <p>
          These terms govern your use of Daily Compass, provided by {legal.companyName}. By creating an account or using
          the service you agree to them.
        </p>
      </section>
      <section>
        <h2>2. Your account</h2>
        <p>
          You are responsible for keeping your sign-in details safe and for what happens under your account. Tell us at{" "}
          {legal.contactEmail} if you suspect misuse.
        </p>
      </section>
      <section>
        <h2>3. Your content</h2>
        <p>
          Tasks, notes, thoughts, projects and events you add remain yours. We process them only to provide the service,
          including the optional AI assistant and calendar sync.
        </p>
      </section>
      <section>
        <h2>4. AI suggestions</h2>
        <p>
          Suggestions, task breakdowns and categorisation are aids, not advice. Use your own judgement before acting on
          them.
        </p>
      </section>
      <section>
        <h2>5. Changes</h2>
        <p>
          We will give at least {legal.noticeDays} days' notice of material changes to these terms by e-mail or in the
          app.
        </p>
      </section>
      <section>
        <h2>6. Governing law</h2>
        <p>These terms are governed by the laws of the United States of America (USA).</p>
      </section>
      <section>
        <h2>7. Contact</h2>
        <p>Questions about these terms: {legal.contactEmail}.</p>
      </section>
    </LegalPage>
  );
}
