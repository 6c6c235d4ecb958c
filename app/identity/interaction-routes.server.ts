import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type Provider from "oidc-provider";
import type { Interaction } from "oidc-provider";
import { recordSignIn } from "~/lib/metrics.server";
import { LOGIN_MESSAGES, readLoginForm, waitMessage, type LoginFormErrors } from "./login-form";
import type { DemoAccountsHint, Log } from "./options";
import { errorPage, loginPage } from "./pages";
import type { SignInService } from "./sign-in.server";

interface InteractionRouteDependencies {
  provider: Provider;
  mountPath: string;
  signIn: SignInService;
  log: Log;
  /** The demo accounts the form names, when there are usable ones (demo-accounts-hint.server.ts). */
  demoAccountsHint: () => Promise<DemoAccountsHint | null>;
}

const EXPIRED = "This sign-in page has expired. Start again from the portal.";

class InteractionMismatch extends Error {}

function sendHtml(res: Response, status: number, body: string): void {
  res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(body);
}

/** oidc-provider's answer when the interaction cookie or its stored interaction is gone. */
function isSessionNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === "SessionNotFound";
}

/** body-parser's refusals (too large, too many fields, bad encoding) carry a 4xx status. */
function isUnreadableForm(error: unknown): boolean {
  const status = error instanceof Error ? (error as Error & { status?: unknown }).status : undefined;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * The login step oidc-provider hands over to us (GET shows the form, POST checks it). Parses its
 * own urlencoded body: the provider's routes must see the raw request.
 */
export function interactionRoutes({ provider, mountPath, signIn, log, demoAccountsHint }: InteractionRouteDependencies): Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 10 }));

  async function loginInteraction(req: Request, res: Response): Promise<Interaction> {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== req.params.uid || interaction.prompt.name !== "login") {
      throw new InteractionMismatch(`unexpected interaction ${interaction.prompt.name}`);
    }
    return interaction;
  }

  async function renderLogin(res: Response, interaction: Interaction, status: number, username: string, errors: LoginFormErrors) {
    const page = loginPage({
      action: `${mountPath}/interaction/${interaction.uid}`,
      username,
      errors,
      demoAccounts: await demoAccountsHint(),
      nonce: typeof res.locals.nonce === "string" ? res.locals.nonce : undefined,
    });
    sendHtml(res, status, page);
  }

  router.get("/:uid", async (req, res, next) => {
    try {
      const interaction = await loginInteraction(req, res);
      const hint = interaction.params.login_hint;
      await renderLogin(res, interaction, 200, typeof hint === "string" ? hint : "", {});
    } catch (error) {
      next(error);
    }
  });

  router.post("/:uid", async (req, res, next) => {
    try {
      const interaction = await loginInteraction(req, res);
      const form = readLoginForm(req.body);
      if (!form.valid) {
        await renderLogin(res, interaction, 400, form.username, form.errors);
        return;
      }
      const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const outcome = await signIn.attempt(form.username, form.password, address);
      if (!outcome.ok) {
        recordSignIn("failed");
        const wait = outcome.waitSeconds > 0 ? waitMessage(outcome.waitSeconds) : undefined;
        // Refused unchecked while the login must wait from this address: 429 with when to come back.
        if (outcome.refused) res.set("Retry-After", String(outcome.waitSeconds));
        await renderLogin(res, interaction, outcome.refused ? 429 : 400, form.username, { form: LOGIN_MESSAGES.signInFailed, wait });
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: outcome.accountId, remember: false, amr: ["pwd"] } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      next(error);
    }
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (isSessionNotFound(error) || error instanceof InteractionMismatch) {
      if (error instanceof InteractionMismatch) log("warn", "sign-in page refused", { reason: error.message });
      sendHtml(res, 400, errorPage(EXPIRED));
      return;
    }
    if (isUnreadableForm(error)) {
      sendHtml(res, 400, errorPage("The form could not be read. Start again from the portal."));
      return;
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    log("error", "sign-in page failed", { reason: failure.message, stack: failure.stack });
    sendHtml(res, 500, errorPage("Something went wrong. Please try again."));
  });

  return router;
}
