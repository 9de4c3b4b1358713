/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for sign-in tests. Its login
 * screen is replaced by a handler that signs in whichever account the test chose with signInAs,
 * so the whole redirect flow runs over plain HTTP; with none chosen, a browser gets a plain form
 * asking for the account instead.
 */
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });

/** The provider's sign-in screen for browser tests: any account id, optional e-mail and name. */
const loginPage = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main><h1>Sign in to the test provider</h1>
<form method="post" action="/interaction/${uid}">
<p><label for="sub">Account id</label> <input id="sub" name="sub" required></p>
<p><label for="email">E-mail</label> <input id="email" name="email" type="email"></p>
<p><label for="name">Name</label> <input id="name" name="name"></p>
<button type="submit">Sign in</button>
</form></main></body></html>`;

export type TestAccount = { sub: string; email?: string; name?: string; preferred_username?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in. */
  signInAs: (account: TestAccount) => void;
  /** Follows the provider's redirects for an authorization URL and returns the final callback URL. */
  authorize: (authorizationUrl: string) => Promise<URL>;
  close: () => Promise<void>;
};

export async function startOidcProvider(opts: { redirectUri: string }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | undefined;
  const clientId = "daily-compass";
  const clientSecret = "a-test-client-secret-of-sufficient-length";
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["test-cookie-key-1"] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
          use: "sig",
          kid: "test",
        },
      ],
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A first-party client: consent is implied, only the login prompt needs an interaction.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const clientRecord = ctx.oidc.client;
      if (!session?.accountId || !clientRecord) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: clientRecord.clientId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ ...account, email_verified: account.email ? true : undefined }),
      };
    },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    const interaction = req.url?.match(/^\/interaction\/([\w-]+)$/);
    if (interaction) {
      try {
        const details = await provider.interactionDetails(req, res);
        let account = current;
        if (req.method === "POST") {
          const form = new URLSearchParams(await readBody(req));
          const sub = form.get("sub")?.trim();
          if (!sub) throw new Error("an account id is required");
          const optional = (key: string) => form.get(key)?.trim() || undefined;
          account = { sub, email: optional("email"), name: optional("name") };
          accounts.set(sub, account);
        } else if (!account) {
          // No account chosen in code: a browser gets a small sign-in form instead.
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(loginPage(details.uid));
          return;
        }
        if (!account) throw new Error("no test account chosen");
        await provider.interactionFinished(req, res, { login: { accountId: account.sub } });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
      return;
    }
    callback(req, res);
  });

  const jar = new Map<string, string>();
  const authorize = async (authorizationUrl: string): Promise<URL> => {
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error("too many redirects at the provider");
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      accounts.set(account.sub, account);
      current = account;
      jar.clear();
    },
    authorize,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
