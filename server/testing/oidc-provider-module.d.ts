// oidc-provider ships no type declarations; this covers what the test provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type Grant = { addOIDCScope: (scope: string) => void; save: () => Promise<string> };
  type Context = {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (opts: { accountId: string; clientId: string }) => Grant };
    };
  };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
        loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
        interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
