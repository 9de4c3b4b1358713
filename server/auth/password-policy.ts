/**
 * Refuses passwords that are easy to guess: the most common ones (the entries of the list zxcvbn-ts
 * ships that are long enough to pass the length rule, in common-passwords.json) and ones built from
 * the account itself. No composition rules: a long phrase of plain words is the advice. Reasons are written for the
 * person choosing the password, not for a log (docs/decisions/012-shared-limits-and-password-policy.md).
 */
import { invalidField } from "../errors.ts";

export type PasswordContext = { username: string; displayName?: string | null; email?: string | null };

const TRY_UNRELATED = "Try a phrase that has nothing to do with your account.";
export const PASSWORD_PROBLEMS = {
  common:
    "That password is one of the most common ones, so it is easy to guess. Try a longer phrase only you would think of.",
  username: `That password contains your username, so it is easy to guess. ${TRY_UNRELATED}`,
  displayName: `That password is your display name, so it is easy to guess. ${TRY_UNRELATED}`,
  email: `That password is the first part of your e-mail address, so it is easy to guess. ${TRY_UNRELATED}`,
  appName:
    "That password is the name of this app, so it is easy to guess. Try a longer phrase only you would think of.",
} as const;

/** Words everyone using this app shares, so guessers try them first. */
const APP_WORDS = ["dailycompass"];

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

/** Lower case, compatibility forms folded, no spaces: "I Love You" and "iloveyou" are one guess. */
const squash = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** Why this password is easy to guess, in words for the person choosing it; null when it is fine. */
export async function passwordProblem(password: string, context: PasswordContext): Promise<string | null> {
  const lower = password.normalize("NFKC").toLowerCase();
  const squashed = squash(password);
  const username = context.username.trim().toLowerCase();
  if (username && (lower.includes(username) || squashed.includes(squash(username)))) {
    return PASSWORD_PROBLEMS.username;
  }
  if (context.displayName && squash(context.displayName) === squashed) return PASSWORD_PROBLEMS.displayName;
  const email = context.email?.trim().toLowerCase();
  if (email && (squash(email) === squashed || squash(email.split("@")[0] ?? "") === squashed)) {
    return PASSWORD_PROBLEMS.email;
  }
  if (APP_WORDS.includes(squashed)) return PASSWORD_PROBLEMS.appName;
  const list = await commonPasswords();
  if (list.has(lower) || list.has(squashed)) return PASSWORD_PROBLEMS.common;
  return null;
}

/** Throws a 400 naming the field when the password is easy to guess. */
export async function assertPasswordAllowed(field: string, password: string, context: PasswordContext): Promise<void> {
  const problem = await passwordProblem(password, context);
  if (problem) throw invalidField(field, problem);
}
