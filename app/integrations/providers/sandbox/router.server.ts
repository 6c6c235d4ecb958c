import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import { requireSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";
import { PROVIDER_SANDBOX_SECRET_HEADER, SANDBOX_SHOP_REGISTRATIONS, SUCCESS_STATUS } from "../endpoints";
import { shopRegistrationMessageSchema } from "../shop-registration-message";

/**
 * The built-in provider sandbox (decision 0044): a real HTTP receiver that the portal mounts at
 * /sandbox/providers, answering for every provider that has no SHOP_REGISTRATION routing of its
 * own. It takes a shop registration (JSON, checked by the message's schema) and answers
 * `{ status: "SUCCESS" }`; it fails on purpose, with HTTP 503, for the shop ids the failure
 * pattern matches (PROVIDER_SANDBOX_FAIL), so tests and demos can see a provider endpoint fail.
 * Only the portal's own client may post (its secret), and only small messages.
 */
export interface ProviderSandboxOptions {
  secret: string;
  /** Shop ids to fail with HTTP 503 (compileFailurePattern); none when absent. */
  failPattern?: RegExp | null;
}

export interface ReceivedRegistration {
  registrationId: number;
  providerId: number;
  shopId: number;
  answeredStatus: number;
  at: Date;
}

export interface ProviderSandbox {
  router: Router;
  secret: string;
  /** The registrations received, newest last, the last RECEIVED_KEPT only (tests and demos). */
  received(): readonly ReceivedRegistration[];
  setFailPattern(pattern: RegExp | null): void;
}

export const MAX_REGISTRATION_BYTES = 16 * 1024;
export const RECEIVED_KEPT = 100;
export const PROVIDER_SERVICE_DOWN = "Provider service unavailable (sandbox failure rule)";
export const NOT_A_REGISTRATION = "The message is not a shop registration.";

function answer(res: Response, status: number, body: { status: string; message: string }): void {
  res.status(status).json(body);
}

export function createProviderSandbox(options: ProviderSandboxOptions): ProviderSandbox {
  let failPattern = options.failPattern ?? null;
  const received: ReceivedRegistration[] = [];
  const router = express.Router();
  const json = express.json({ type: () => true, limit: MAX_REGISTRATION_BYTES, strict: true });
  const authorised = requireSandboxSecret({ secret: options.secret, header: PROVIDER_SANDBOX_SECRET_HEADER, name: "The provider sandbox" });

  router.post(SANDBOX_SHOP_REGISTRATIONS, authorised, json, (req: Request, res: Response) => {
    const message = shopRegistrationMessageSchema.safeParse(req.body);
    if (!message.success) return answer(res, 400, { status: "ERROR", message: NOT_A_REGISTRATION });
    const failing = failPattern?.test(String(message.data.shopId)) === true;
    const status = failing ? 503 : 200;
    received.push({
      registrationId: message.data.registrationId,
      providerId: message.data.providerId,
      shopId: message.data.shopId,
      answeredStatus: status,
      at: new Date(),
    });
    if (received.length > RECEIVED_KEPT) received.splice(0, received.length - RECEIVED_KEPT);
    if (failing) return answer(res, 503, { status: "ERROR", message: PROVIDER_SERVICE_DOWN });
    answer(res, 200, { status: SUCCESS_STATUS, message: `Shop registration ${message.data.registrationId} received` });
  });
  router.use((_req, res) => {
    res.status(404).type("text/plain").send(`Not found: the provider sandbox takes POST ${SANDBOX_SHOP_REGISTRATIONS}.`);
  });
  const bodyErrors: ErrorRequestHandler = (error: { status?: unknown }, _req, res, _next) => {
    if (error.status === 413) {
      // Close rather than read the rest of a message that is refused anyway.
      res.set("Connection", "close");
      return answer(res, 413, { status: "ERROR", message: `The message is larger than ${MAX_REGISTRATION_BYTES / 1024} KiB.` });
    }
    answer(res, 400, { status: "ERROR", message: NOT_A_REGISTRATION });
  };
  router.use(bodyErrors);

  return {
    router,
    secret: options.secret,
    received: () => [...received],
    setFailPattern(pattern) {
      failPattern = pattern;
    },
  };
}
