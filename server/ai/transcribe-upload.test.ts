/** Uploads to /api/ai/transcribe that are not readable multipart answer 4xx and keep nothing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { fakeRecording } from "./fixtures/multipart.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
});
afterAll(() => t?.close());

const boundary = "dcBoundary42";
const filePart = (b = boundary) =>
  Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="audio"; filename="r.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    ),
    fakeRecording(512),
    Buffer.from("\r\n"),
  ]);
const closing = Buffer.from(`--${boundary}--\r\n`);
const formType = `multipart/form-data; boundary=${boundary}`;

const send = (contentType: string, payload: Buffer | string) =>
  t.app.inject({
    method: "POST",
    url: "/api/ai/transcribe?keep=true",
    headers: { cookie, "content-type": contentType },
    payload,
  });

const stored = async () => {
  const recordings = (await t.app.inject({ method: "GET", url: "/api/ai/recordings", headers: { cookie } })).json();
  const thoughts = (await t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } })).json();
  return { recordings: recordings.recordings.length, thoughts: thoughts.length };
};

describe("malformed multipart bodies", () => {
  it("answer 400 saying the upload is not valid multipart, and keep nothing", async () => {
    const before = await stored();
    const cases: [string, string, Buffer | string][] = [
      ["no boundary", "multipart/form-data", Buffer.concat([filePart(), closing])],
      ["another boundary", "multipart/form-data; boundary=somethingElse", Buffer.concat([filePart(), closing])],
      ["a part left open", formType, filePart()],
      ["a header cut off", formType, `--${boundary}\r\nContent-Disposition: form-data; name="audio"`],
      ["no multipart at all", formType, "just some words"],
    ];
    for (const [name, contentType, payload] of cases) {
      const res = await send(contentType, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({
        message: expect.stringMatching(/^audio: The upload is not valid multipart\/form-data \(.+\)$/),
        code: "BAD_REQUEST",
        field: "audio",
      });
    }
    expect(await stored()).toEqual(before);
  });

  it("a second file or too many fields say what is accepted", async () => {
    const before = await stored();
    const twoFiles = await send(formType, Buffer.concat([filePart(), filePart(), closing]));
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().message).toBe("audio: Only one recording, in the field audio, is accepted");
    const fields = Array.from(
      { length: 8 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join("");
    const manyFields = await send(formType, Buffer.concat([Buffer.from(fields), filePart(), closing]));
    expect(manyFields.statusCode).toBe(413);
    expect(manyFields.json().message).toBe("audio: Too many form fields; send audio, thoughtId and keep only");
    expect(await stored()).toEqual(before);
  });

  it("a well-formed upload still works after them", async () => {
    const res = await send(formType, Buffer.concat([filePart(), closing]));
    expect(res.statusCode).toBe(202);
    expect(res.json().pending).toBe(true);
  });
});
