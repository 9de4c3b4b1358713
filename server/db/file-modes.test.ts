/** What the server writes to disk is readable by its own user only. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSecretBox, KEY_FILE_NAME } from "../crypto/secrets.ts";
import { openDatabase } from "./database.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "dc-modes-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("files in the data folder", () => {
  it("the SQLite database, its WAL and shared-memory files are 0600 in a 0700 folder", async () => {
    const dataDir = path.join(root, "fresh", "data");
    const handle = await openDatabase({ dataDir });
    try {
      const file = path.join(dataDir, "daily-compass.sqlite");
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.dirname(dataDir))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
    } finally {
      await handle.close();
    }
  });

  it("the key file for stored secrets is 0600 in a 0700 folder", () => {
    const dataDir = path.join(root, "keys", "data");
    createSecretBox({ appSecret: undefined, dataDir }).encrypt("a calendar token");
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, KEY_FILE_NAME))).toBe(0o600);
  });

  it("an existing data folder and database keep the modes their operator gave them", async () => {
    const dataDir = path.join(root, "existing");
    fs.mkdirSync(dataDir, { mode: 0o750 });
    fs.chmodSync(dataDir, 0o750);
    const handle = await openDatabase({ dataDir });
    await handle.close();
    expect(modeOf(dataDir)).toBe(0o750);
  });
});
