/**
 * A throwaway self-signed certificate for local https stand-ins of public servers: made with
 * openssl when a test starts, valid one day, for 127.0.0.1, localhost and the names given. Only a
 * client handed `cert` as the authority to trust accepts it (the `ca` of a test network seam).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TestCertificate = { key: string; cert: string };

export function makeTestCertificate(names: string[] = []): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-cert-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    const alt = ["IP:127.0.0.1", "DNS:localhost", ...names.map((n) => `DNS:${n}`)].join(",");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-days",
        "1",
        "-subj",
        "/CN=Daily Compass test server",
        "-addext",
        `subjectAltName=${alt}`,
        "-addext",
        "basicConstraints=critical,CA:FALSE",
        "-addext",
        "extendedKeyUsage=serverAuth",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
