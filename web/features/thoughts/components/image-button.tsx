import { ImageIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast-store.ts";

/** Image capture is announced, not built yet (decisions: kept as specified). */
export function ImageButton() {
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Add image"
      onClick={() =>
        toast({ title: "Coming soon", description: "Image upload and analysis will be available in the next update." })
      }
    >
      <ImageIcon className="size-5" aria-hidden />
    </Button>
  );
}
