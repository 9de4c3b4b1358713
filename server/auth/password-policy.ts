/**
 * Refuses passwords that are easy to guess: the most common ones (the entries of the list zxcvbn-ts
 * ships that are long enough to pass the length rule, in common-passwords.json) and ones built from
 * the account itself (judged in shared/password-rules.ts, which the web form shares). No composition
 * rules: a long phrase of plain words is the advice. Reasons are written for the person choosing
 * the password, not for a log (docs/decisions/012-shared-limits-and-password-policy.md).
 */
import {
  accountPasswordProblem,
  PASSWORD_PROBLEMS,
  type PasswordContext,
  squash,
} from "../../shared/password-rules.ts";
import { invalidField } from "../errors.ts";

let common: Promise<Set<string>> | undefined;
/**
 * Loaded on first use (most requests never need it) from common-passwords.json, which
 * scripts/common-passwords.mjs writes from zxcvbn-ts's list: unpacking the whole package instead
 * kept about 12 MB of memory.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("./common-passwords.json", { with: { type: "json" } }).then(({ default: list }) => new Set(list));
  return common;
}

/** Why this password is easy to guess, in words for the person choosing it; null when it is fine. */
export async function passwordProblem(password: string, context: PasswordContext): Promise<string | null> {
  const fromAccount = accountPasswordProblem(password, context);
  if (fromAccount) return fromAccount;
  const list = await commonPasswords();
  const lower = password.normalize("NFKC").toLowerCase();
  if (list.has(lower) || list.has(squash(password))) return PASSWORD_PROBLEMS.common;
  return null;
}

/** Throws a 400 naming the field when the password is easy to guess. */
export async function assertPasswordAllowed(field: string, password: string, context: PasswordContext): Promise<void> {
  const problem = await passwordProblem(password, context);
  if (problem) throw invalidField(field, problem);
}
