// Writes server/auth/common-passwords.json: the common passwords zxcvbn-ts ships
// (@zxcvbn-ts/language-common) that are long enough to pass the length rule, which is all the
// password policy checks against. The server reads this small file instead of unpacking the whole
// package (about 12 MB of memory that stayed). server/auth/password-policy.test.ts fails when the
// file and the package disagree: run `node scripts/common-passwords.mjs` after updating either.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dictionary } from "@zxcvbn-ts/language-common";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** shared/constants.ts PASSWORD_MIN; the test checks the two agree. */
export const PASSWORD_MIN = 8;
export const commonPasswordList = () => dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(root, "server/auth/common-passwords.json");
  fs.writeFileSync(file, `${JSON.stringify(commonPasswordList(), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, file)}`);
}
