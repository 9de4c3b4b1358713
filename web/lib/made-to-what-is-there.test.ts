import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { madeToWhatIsThere } from "./made-to-what-is-there.ts";

const changedElsewhere = () =>
  new ApiError(412, "This project has changed since it was read", { code: "PRECONDITION_FAILED" });

describe("a change made to what is there (docs/decisions/055-versions.md)", () => {
  it("refused because the record changed, is made again to the record read again, which is shown", async () => {
    const sentTo: string[] = [];
    const shown: string[] = [];
    const server = ["v1", "v2", "v3"];
    const saved = await madeToWhatIsThere({
      now: "v0",
      save: async (now) => {
        sentTo.push(now);
        if (now !== "v2") throw changedElsewhere();
        return `${now}+tick`;
      },
      read: async () => server.shift() ?? "gone",
      show: (now) => shown.push(now),
    });
    expect(saved).toBe("v2+tick");
    expect(sentTo).toEqual(["v0", "v1", "v2"]);
    expect(shown).toEqual(["v1", "v2"]);
  });

  it("gives up after three refusals with the last one, and passes any other failure on at once", async () => {
    let sends = 0;
    const always = madeToWhatIsThere({
      now: 0,
      save: async () => {
        sends += 1;
        throw changedElsewhere();
      },
      read: async () => sends,
      show: () => {},
    });
    await expect(always).rejects.toMatchObject({ status: 412 });
    expect(sends).toBe(3);

    let reads = 0;
    const offline = madeToWhatIsThere({
      now: 0,
      save: async () => {
        throw new TypeError("Failed to fetch");
      },
      read: async () => ++reads,
      show: () => {},
    });
    await expect(offline).rejects.toThrow("Failed to fetch");
    expect(reads).toBe(0);
  });
});
