import { Component, type ReactNode } from "react";
import { Button } from "./ui/button.tsx";

type Props = {
  /** Where the person is: a failure is forgotten once they go elsewhere. */
  at: string;
  children: ReactNode;
};

/**
 * Catches a page whose code could not be fetched (offline before the service worker kept a copy,
 * the server restarting), so the header and menu stay and the page says so, instead of the
 * whole app going blank. React keeps a page's failed code for good: Try again loads the app
 * afresh. Other pages, already fetched or not, can still be opened from the menu.
 */
export class PageLoadFailed extends Component<Props, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };
  static getDerivedStateFromError() {
    return { failedAt: "" };
  }
  override componentDidCatch() {
    this.setState({ failedAt: this.props.at });
  }
  override render() {
    const { failedAt } = this.state;
    if (failedAt === null || (failedAt !== "" && failedAt !== this.props.at)) return this.props.children;
    return (
      <section aria-labelledby="page-load-failed" className="grid max-w-xl justify-items-start gap-3 py-6">
        <h1 id="page-load-failed" className="text-2xl font-bold">
          This page could not load
        </h1>
        <p className="text-muted">
          Part of the app did not arrive: the connection or the server may be away for a moment. Nothing you saved is
          lost.
        </p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </section>
    );
  }
}
