/**
 * What the password routes call around a password check: the known-device lookup, the shared
 * throttle, the 429 answer, and the device cookie after a good sign-in. Kept apart from the
 * routes so the sign-in flow reads as a flow.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { forgetOtherDevices, knownDeviceOf, presentedDevice, rememberDevice } from "./known-devices.ts";
import type { LoginThrottle, ThrottlePass } from "./login-throttle.ts";

export type GuardedCheck = {
  /** The password was right: the attempt does not count as a wrong one. */
  passed: () => Promise<void>;
};

export class SignInGuard {
  readonly #config: Config;
  readonly #db: Db;
  readonly #throttle: LoginThrottle;

  constructor(deps: { config: Config; db: Db; throttle: LoginThrottle }) {
    this.#config = deps.config;
    this.#db = deps.db;
    this.#throttle = deps.throttle;
  }

  /**
   * Throws a 429 while password guesses for this account from here must wait; otherwise counts
   * the coming check as a wrong password until `passed()` says it was right.
   */
  async begin(
    request: FastifyRequest,
    reply: FastifyReply,
    opts: { username: string; purpose: "sign-in" | "password" },
  ): Promise<GuardedCheck> {
    const device = await knownDeviceOf(this.#db, {
      token: presentedDevice(request, this.#config),
      username: opts.username,
      now: new Date(this.#throttle.now()),
    });
    const pass = await this.#throttle.begin({ ip: request.ip, username: opts.username, device });
    if (pass.retryAfter > 0) refuse(reply, pass, opts.purpose);
    return { passed: () => this.#throttle.passed(pass) };
  }

  /** After a good sign-in: this browser is one the user signs in on. */
  rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    return rememberDevice(this.#db, reply, this.#config, {
      userId,
      presented: presentedDevice(request, this.#config),
      now: new Date(this.#throttle.now()),
    });
  }

  /** After a password change: only this browser keeps its head start. */
  forgetOtherDevices(request: FastifyRequest, userId: number): Promise<void> {
    return forgetOtherDevices(this.#db, userId, presentedDevice(request, this.#config));
  }
}

function refuse(reply: FastifyReply, pass: ThrottlePass, purpose: "sign-in" | "password"): never {
  const wait = pass.retryAfter;
  reply.header("retry-after", String(wait));
  const span = wait < 60 ? plural(wait, "second") : plural(Math.ceil(wait / 60), "minute");
  if (purpose === "password") {
    throw new AppError("RATE_LIMITED", `Too many wrong passwords. Please wait ${span} and try again.`);
  }
  if (pass.accountWide) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many sign-in attempts for this account. Please wait ${span} and try again, or sign in on a device you have used before.`,
    );
  }
  throw new AppError("RATE_LIMITED", `Too many sign-in attempts. Please wait ${span} and try again.`);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
