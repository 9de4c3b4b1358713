import type { FieldProblem } from "../../shared/errors.ts";
import type { User } from "../../shared/schemas.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import type { UserRow } from "../db/schema.ts";
import { AppError, invalidField, namingEach } from "../errors.ts";
import { assertPasswordAllowed, passwordProblem } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/** Every column a UserRow carries. */
export const userColumns = [
  "id",
  "username",
  "username_key",
  "password_hash",
  "display_name",
  "email",
  "oidc_issuer",
  "oidc_subject",
  "created_at",
  "lists_version",
] as const;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    googleId: row.oidc_subject,
    hasPassword: row.password_hash !== null,
  };
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .select(userColumns)
    .where("username_key", "=", usernameKey(username))
    .executeTakeFirst();
}

export async function createPasswordUser(
  db: Db,
  input: { username: string; password: string; displayName?: string | null; email?: string | null },
): Promise<UserRow> {
  await assertPasswordAllowed("password", input.password, input);
  if (await findUserByUsername(db, input.username)) {
    throw new AppError("CONFLICT", "That username is already taken");
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db
      .insertInto("users")
      .values({
        username: input.username.trim(),
        username_key: usernameKey(input.username),
        password_hash: passwordHash,
        display_name: input.displayName ?? null,
        email: input.email ?? null,
        oidc_issuer: null,
        oidc_subject: null,
        created_at: nowIso(),
      })
      .returning(userColumns)
      .executeTakeFirstOrThrow();
    return row;
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (/unique/i.test(String((err as Error).message))) {
      throw new AppError("CONFLICT", "That username is already taken");
    }
    throw err;
  }
}

export async function updateAccount(
  db: Db,
  opts: { userId: number; displayName?: string | null; email?: string | null },
): Promise<UserRow> {
  const current = await findUserById(db, opts.userId);
  if (!current) throw new AppError("UNAUTHENTICATED", "Please sign in");
  const patch: { display_name?: string | null; email?: string | null } = {};
  if (opts.displayName !== undefined) patch.display_name = opts.displayName;
  if (opts.email !== undefined && opts.email !== current.email) {
    // The spec locks the e-mail of provider accounts (their address belongs to the provider).
    if (current.oidc_subject !== null) {
      throw invalidField("email", "The e-mail of a Google account cannot be changed here");
    }
    patch.email = opts.email;
  }
  if (Object.keys(patch).length === 0) return current;
  await db.updateTable("users").set(patch).where("id", "=", opts.userId).execute();
  return (await findUserById(db, opts.userId)) as UserRow;
}

const WRONG_CURRENT = "The current password is not correct";

/**
 * A wrong current password at a password change; the route counts it like a failed sign-in. It
 * names too what else the body gets wrong (an easy new password), so both are fixed at once.
 */
export class WrongCurrentPassword extends AppError {
  constructor(also: FieldProblem[] = []) {
    const problems = [{ field: "currentPassword", message: WRONG_CURRENT }, ...also];
    super("BAD_REQUEST", namingEach(problems), { field: "currentPassword", problems });
  }
}

export async function changePassword(
  db: Db,
  opts: { userId: number; currentPassword?: string; newPassword: string },
): Promise<void> {
  const current = await findUserById(db, opts.userId);
  if (!current) throw new AppError("UNAUTHENTICATED", "Please sign in");
  const wrongCurrent =
    current.password_hash !== null &&
    !(opts.currentPassword !== undefined && (await verifyPassword(current.password_hash, opts.currentPassword)));
  // Both are judged before answering, so a refusal names every problem, not the first of them.
  const problem = await passwordProblem(opts.newPassword, {
    username: current.username,
    displayName: current.display_name,
    email: current.email,
  });
  if (wrongCurrent) throw new WrongCurrentPassword(problem ? [{ field: "newPassword", message: problem }] : []);
  if (problem) throw invalidField("newPassword", problem);
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(opts.newPassword) })
    .where("id", "=", opts.userId)
    .execute();
}
