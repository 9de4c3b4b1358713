import { useState } from "react";
import { kinderEstimate, useEstimates } from "../estimates.ts";
import { EstimateOffer } from "./estimate-offer.tsx";

/**
 * The kinder estimate for a category and estimate being typed (the Add Task dialog). Once used,
 * it stays quiet until the person changes the estimate or the category again.
 */
export function KinderEstimateOffer({
  enabled = true,
  category,
  estimate,
  onUse,
}: {
  enabled?: boolean;
  category: string;
  estimate: number;
  onUse: (minutes: number) => void;
}) {
  const estimates = useEstimates(enabled);
  const [used, setUsed] = useState<{ category: string; estimate: number } | null>(null);
  if (!enabled) return null;
  if (used && used.category === category && used.estimate === estimate) return null;
  const offer = kinderEstimate(
    estimates.data?.find((f) => f.category === category),
    estimate,
  );
  if (!offer) return null;
  return (
    <EstimateOffer
      offer={offer}
      onUse={(minutes) => {
        setUsed({ category, estimate: minutes });
        onUse(minutes);
      }}
    />
  );
}
