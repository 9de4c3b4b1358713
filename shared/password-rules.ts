/**
 * What a new password must not be, in words for the person choosing it. Everything here can be
 * judged from the password and the account alone, so the web form says it all at once before
 * sending; the server judges the same and adds the list of the most common passwords, too large to
 * send to the browser (server/auth/password-policy.ts,
 * docs/decisions/012-shared-limits-and-password-policy.md).
 */
import { PASSWORD_MAX, PASSWORD_MIN } from "./constants.ts";

export const PASSWORD_TOO_SHORT = `At least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = `At most ${PASSWORD_MAX} characters`;

/** Said under a new password's field before anything is typed, so the rules are known up front. */
export const PASSWORD_ADVICE = `At least ${PASSWORD_MIN} characters, not a common password and not your username. A few words together make a strong one that is easy to remember.`;

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

/** Lower case, compatibility forms folded, no spaces: "I Love You" and "iloveyou" are one guess. */
export const squash = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** Why this password is easy to guess from the account itself (or this app's name); null when it is not. */
export function accountPasswordProblem(password: string, context: PasswordContext): string | null {
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
  return null;
}

/**
 * Every problem of a new password that is known without the server: its length and what it shares
 * with the account. Empty when only the server's list could still refuse it.
 */
export function knownPasswordProblems(password: string, context: PasswordContext): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push(PASSWORD_TOO_SHORT);
  if (password.length > PASSWORD_MAX) problems.push(PASSWORD_TOO_LONG);
  const fromAccount = password ? accountPasswordProblem(password, context) : null;
  if (fromAccount) problems.push(fromAccount);
  return problems;
}
