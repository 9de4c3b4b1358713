import { useQuery } from "@tanstack/react-query";

export type PublicConfig = {
  legal: { companyName: string; contactEmail: string; noticeDays: number };
  oidcEnabled: boolean;
};

const FALLBACK: PublicConfig = {
  legal: { companyName: "Daily Compass", contactEmail: "privacy@example.com", noticeDays: 30 },
  oidcEnabled: false,
};

export function usePublicConfig(): PublicConfig {
  const query = useQuery<PublicConfig>({ queryKey: ["/api/config"] });
  return query.data ?? FALLBACK;
}
