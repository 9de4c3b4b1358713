/**
 * Settings → Account → Delete account: the signed-in person closes their account for good
 * (docs/decisions/069-delete-account.md).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../../shared/errors.ts";
import { deleteAccountInput } from "../../shared/schemas.ts";
import type { CalendarSync } from "../calendar/service.ts";
import type { Config } from "../config.ts";
import { deleteAccount } from "../data/delete-account.ts";
import type { Db } from "../db/database.ts";
import { AppError, invalidField } from "../errors.ts";
import { clearDeviceCookie } from "./known-devices.ts";
import { verifyPassword } from "./passwords.ts";
import { clearSessionCookie, userIdOf } from "./request-user.ts";
import type { SignInGuard } from "./sign-in-guard.ts";
import { findUserById } from "./users.ts";

export function registerAccountDeletion(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    guard: SignInGuard;
    calendar: CalendarSync;
    /** Forgets what the server keeps of the user in memory (cached answers, their day). */
    forgetUser: (userId: number) => void;
  },
): void {
  const { config, db, guard, calendar, forgetUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    "/api/auth/account",
    {
      schema: {
        tags: ["auth"],
        summary: "Delete the signed-in account and everything in it",
        description:
          "An account with a password confirms with `password` (a wrong one answers 400 and is counted like a " +
          "wrong password at sign-in); an account that signs in only through a provider confirms with its " +
          "`username`, exactly. Deletes every record of the account, its sessions on every device and the " +
          "account itself, then clears the session cookie.",
        body: deleteAccountInput,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const account = await findUserById(db, userId);
      if (!account) throw new AppError("UNAUTHENTICATED", "Please sign in");
      const { password, username } = request.body;
      if (account.password_hash !== null) {
        if (!password) throw invalidField("password", "Enter your password to delete your account");
        // A stolen session must not become a way to guess the password: counted as at sign-in.
        const check = await guard.begin(request, reply, { username: account.username, purpose: "password" });
        if (!(await verifyPassword(account.password_hash, password))) {
          throw invalidField("password", "That password is not correct");
        }
        await check.passed();
      } else if (username !== account.username) {
        // Not a secret: it makes sure the person means this account, and the deletion is no slip.
        throw invalidField(
          "username",
          username ? "That is not your username. Type it exactly as it is shown." : "Type your username to confirm",
        );
      }

      // Read before it is deleted, so the grant can be handed back to Google afterwards.
      const googleGrant = await calendar.googleGrant(userId);
      await deleteAccount(db, { userId });
      forgetUser(userId);
      clearSessionCookie(reply, config);
      clearDeviceCookie(reply, config);
      if (googleGrant) {
        // Not waited for: the account is gone whatever Google answers, and failures are logged.
        void calendar.revokeGoogleGrant(userId, googleGrant);
      }
      return reply.code(204).send(null);
    },
  );
}
