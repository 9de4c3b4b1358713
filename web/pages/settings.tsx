import { Tabs } from "radix-ui";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { calendarConnectErrorToShow } from "../../shared/calendar-connect-errors.ts";
import { useAuth } from "../app/auth.tsx";
import { useTheme } from "../app/theme.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { DeleteAccountCard } from "../features/account/components/delete-account-card.tsx";
import { SessionsCard } from "../features/account/components/sessions-card.tsx";
import { TwoFactorCard } from "../features/account/components/two-factor-card.tsx";
import { CalendarConnections } from "../features/calendar/components/calendar-connections.tsx";
import { GoogleAccountCard } from "../features/calendar/components/google-account-card.tsx";
import { EstimatesCard } from "../features/focus/components/estimates-card.tsx";
import { RemindersCard } from "../features/reminders/components/reminders-card.tsx";
import { AccountTab } from "../features/settings/components/account-tab.tsx";
import { ApiTab } from "../features/settings/components/api-tab.tsx";
import { DataTab } from "../features/settings/components/data-tab.tsx";
import { DisplayCard } from "../features/settings/components/display-card.tsx";
import { GeneralTab } from "../features/settings/components/general-tab.tsx";

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const { user, setUser, accountDeleted } = useAuth();
  const { theme, setTheme } = useTheme();

  useEffect(() => {
    if (params.get("google_connected") === "true") {
      toast({ title: "Google Calendar Connected", description: "Your Google Calendar is now connected." });
      setParams({}, { replace: true });
    } else if (params.get("google_error") === "true") {
      // The server's own words only: a link cannot make the app say something it never said.
      const message = params.get("error_message");
      toast({
        title: "Google Calendar Connection Failed",
        description: calendarConnectErrorToShow(message ?? ""),
        variant: "destructive",
      });
      setParams({}, { replace: true });
    }
  }, [params, setParams]);

  const tabs = [
    ["general", "General"],
    ["account", "Account"],
    ["data", "Data"],
    ["integrations", "Integrations"],
    ["api", "API"],
  ] as const;

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted">Make Daily Compass work the way your mind does.</p>
      </header>
      <Tabs.Root defaultValue="general" className="grid gap-6">
        {/* On a phone the five share even rows (three, then two; two a row with larger text)
            rather than leave one alone on a line of its own. */}
        <Tabs.List
          aria-label="Settings sections"
          className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-1 rounded-xl bg-accent p-1 sm:flex sm:flex-wrap"
        >
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <div className="grid gap-6">
            <GeneralTab theme={theme} onThemeChange={setTheme} />
            <DisplayCard />
            <EstimatesCard />
            <RemindersCard />
          </div>
        </Tabs.Content>
        <Tabs.Content value="account">
          <AccountTab user={user} onUserChange={setUser}>
            <GoogleAccountCard />
            <TwoFactorCard hasProvider={Boolean(user?.googleId)} />
            <SessionsCard />
            <DeleteAccountCard user={user} onDeleted={accountDeleted} />
          </AccountTab>
        </Tabs.Content>
        <Tabs.Content value="data">
          <DataTab />
        </Tabs.Content>
        <Tabs.Content value="integrations">
          <CalendarConnections />
        </Tabs.Content>
        <Tabs.Content value="api">
          <ApiTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
