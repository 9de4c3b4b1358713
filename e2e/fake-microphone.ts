/**
 * The sound Chromium's fake microphone plays in the end-to-end tests: a few seconds of a soft
 * tone as 16-bit PCM WAV, generated here so no binary lives in the repository.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SAMPLE_RATE = 16_000;
const SECONDS = 3;
const FREQUENCY = 440;

function toneWav(): Buffer {
  const samples = SAMPLE_RATE * SECONDS;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * FREQUENCY * i) / SAMPLE_RATE) * 12_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // PCM format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Writes the WAV (once per machine; the content never changes) and returns its path. Called when
 * the Playwright config loads, since Chromium reads the file as it starts.
 */
export function fakeMicrophoneWav(): string {
  const file = path.join(os.tmpdir(), "daily-compass-fake-microphone.wav");
  const wav = toneWav();
  if (fs.existsSync(file) && fs.statSync(file).size === wav.length) return file;
  // Several config loads may race: write aside, then rename, so Chromium never sees half a file.
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, wav);
  fs.renameSync(partial, file);
  return file;
}
