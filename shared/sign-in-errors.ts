import { ownWords } from "./own-words.ts";

/**
 * Why a sign-in with a provider failed, in the words the sign-in page shows (`/login?error=`).
 * The page shows only these: any other text in the address is shown as `failed`, so a link
 * cannot make the app appear to say something it never said.
 */
export const SIGN_IN_ERRORS = {
  failed: "Sign-in could not be completed. Please try again.",
  notSetUp: "Sign-in with a provider is not set up on this server.",
  unreachable: "The sign-in provider cannot be reached right now. Please try again later.",
  expired: "Your sign-in attempt expired. Please try again.",
  cancelled: "Sign-in was cancelled.",
  refused: "The sign-in provider refused the request.",
  noIdentity: "The sign-in provider did not identify you.",
  linkedElsewhere: "That account is already linked to another Daily Compass user.",
  sessionEnded: "Your session has ended. Please sign in again.",
  otherProvider: "Your account is already linked to a different provider account.",
} as const;

export type SignInErrorMessage = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS];

/** The words to show for `?error=`: the server's own, or the plain failure for anything else. */
export const signInErrorToShow = ownWords(SIGN_IN_ERRORS, "failed");
