import { randomBytes } from "node:crypto";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon from "autocannon";
import { forgetRequestsLostWithTheirConnection, paceRequests } from "./autocannon-client";
import type { Cleanups } from "./cleanups";
import { checkAcrossInstances, checkSafely, type CheckResult } from "./cross-instance";
import { prepareLoadDatabase } from "./database";
import { startHealthMonitor } from "./health-monitor-process";
import { startInstances, type PortalInstance } from "./instances";
import { CHECKER, loadUsers, type LoadProfile, type LoadProfileId } from "./load-users";
import { LEFT_OUT, REQUEST_KINDS, type KindId } from "./mix";
import type { LoadDatabaseKind, LoadOptions } from "./options";
import { spreadOf } from "./percentiles";
import { browsePlan, PlanError } from "./plan-browser";
import { Recorder } from "./recorder";
import type { KindResult, RunResult, ServerLogSummary } from "./results";
import { flowsFor, mayReach } from "./route-access";
import { signInUsers, type SignedInUser } from "./sign-in";
import { UserConnection } from "./user-connection";
import type { UserPlan } from "./user-plan";
import { isProviderOnly } from "../../app/auth/authorization";
import { Random } from "../../seed/random";
import { processCpuMs } from "../bench-grid/process-usage";
import { cpuPressure } from "../bench-grid/stats";

/**
 * One run on one database: prepare it, start the instances, sign every user in, browse a plan per
 * kind of user, then the load (autocannon) with /api/health polled beside it and the
 * cross-instance checks half way through. Every process, directory and database it makes is
 * registered in `cleanups`; the caller runs them, whatever happens.
 */

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" / ");

/** What decides a user's plan: the provider they are held to, and the kinds of request the policy lets them send. */
function planKey(profile: LoadProfile): string {
  const scope = isProviderOnly(profile.roles) ? profile.companyId : null;
  const kinds = (Object.keys(REQUEST_KINDS) as KindId[]).filter((kind) => mayReach(REQUEST_KINDS[kind], profile));
  return JSON.stringify({ scope, kinds });
}

/**
 * A plan per kind of user, browsed as the first user of that kind (kinds that see the same, such as
 * product staff and administrators, share one); one transaction is kept back for the checks.
 */
async function browsePlans(signedIn: readonly SignedInUser[], publicOrigin: string): Promise<{ plans: Map<LoadProfileId, UserPlan>; reservedResend: number }> {
  const browsers = new Map<string, SignedInUser>();
  for (const entry of signedIn) if (!browsers.has(planKey(entry.user.profile))) browsers.set(planKey(entry.user.profile), entry);
  const byKey = new Map<string, UserPlan>(
    await Promise.all([...browsers].map(async ([key, { browser, user }]) => [key, await browsePlan(browser, publicOrigin, user.profile)] as const)),
  );
  const plans = new Map<LoadProfileId, UserPlan>(signedIn.map(({ user }) => [user.profile.id, byKey.get(planKey(user.profile)) as UserPlan]));
  const staff = [...byKey.values()].find((plan) => plan.resendable.length >= 2);
  if (!staff) throw new PlanError("The data set shows no user two transactions they may resend: use a larger --scale");
  const reservedResend = staff.resendable[0];
  for (const plan of byKey.values()) plan.resendable = plan.resendable.filter((id) => id !== reservedResend);
  for (const { user } of signedIn) {
    const plan = plans.get(user.profile.id);
    const missing = plan ? flowsFor(user.profile).filter((flow) => !flow.available(plan)) : [];
    if (missing.length > 0) {
      throw new PlanError(`The data set gives ${user.profile.label} nothing for: ${missing.map((flow) => flow.label).join("; ")} (use a larger --scale)`);
    }
  }
  return { plans, reservedResend };
}

function serverLogs(instances: readonly PortalInstance[]): ServerLogSummary[] {
  return instances.map((instance) => {
    const errors = instance.logs.filter((line) => line.level === "error");
    const warnings = instance.logs.filter((line) => line.level === "warn");
    const answered5xx = instance.logs.filter((line) => line.msg === "request" && typeof line.status === "number" && line.status >= 500);
    const example = errors[0] ?? warnings[0] ?? answered5xx[0];
    return {
      instance: instance.name,
      errors: errors.length,
      warnings: warnings.length,
      answered5xx: answered5xx.length,
      example: example ? JSON.stringify(example).slice(0, 400) : null,
    };
  });
}

interface LoadOutcome {
  result: autocannon.Result;
  checks: CheckResult[];
}

function runAutocannon(
  instances: readonly PortalInstance[],
  connections: readonly UserConnection[],
  options: LoadOptions,
  random: Random,
  checks: () => Promise<CheckResult[]>,
  log: (message: string) => void,
): Promise<LoadOutcome> {
  let next = 0;
  let answered = 0;
  const pause = () => (options.thinkMs === 0 ? 0 : options.thinkMs * (0.5 + random.next()));
  // Users send their last request at the end of the duration; autocannon ends once every last
  // answer is in (a request still unanswered after the timeout is a timeout), not by cutting them off.
  const endsAt = performance.now() + options.durationSeconds * 1000;
  let checksDone: Promise<CheckResult[]> = Promise.resolve([]);
  let halfway: NodeJS.Timeout | undefined;
  let progress: NodeJS.Timeout | undefined;
  let finished = false;
  return new Promise<LoadOutcome>((resolve, reject) => {
    autocannon(
      {
        // Connection i goes to instance i mod n: the users are spread over the instances. autocannon
        // takes a list of URLs (its README), though its typings name one.
        url: instances.map((portal) => portal.url) as unknown as string,
        connections: connections.length,
        duration: options.durationSeconds + options.timeoutSeconds + 5,
        timeout: options.timeoutSeconds,
        setupClient(client) {
          const connection = connections[next++];
          paceRequests(client, pause, endsAt);
          forgetRequestsLostWithTheirConnection(client, () => connection.lost());
          client.setRequests([connection.request()]);
          client.on("response", (status, _bytes, durationMs) => {
            answered++;
            connection.timed(status, durationMs);
          });
        },
      },
      (error: unknown, result: autocannon.Result) => {
        finished = true;
        clearTimeout(halfway);
        clearInterval(progress);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else void checksDone.then((checkResults) => resolve({ result, checks: checkResults }), reject);
      },
    );
    if (finished) return;
    halfway = setTimeout(
      () => {
        log("Cross-instance checks (half way through the load)");
        checksDone = checks();
      },
      (options.durationSeconds * 1000) / 2,
    );
    progress = setInterval(() => log(`${answered} answers so far`), 10_000);
  });
}

export async function runLoadOn(kind: LoadDatabaseKind, options: LoadOptions, cleanups: Cleanups, log: (message: string) => void): Promise<RunResult> {
  const users = loadUsers(options.connections);
  const password = randomBytes(24).toString("base64url");
  const database = await prepareLoadDatabase({
    kind,
    scale: options.scale,
    cacheDir: options.cacheDir,
    postgresUrl: options.postgresUrl,
    postgresDatabase: options.postgresDatabase,
    users: [...users, CHECKER],
    password,
    keep: options.keep,
    log,
    cleanups,
  });
  log(`${database.version}: ${database.scanRequests} scan requests ready`);
  const instanceCount = options.instances[kind];
  const { instances, publicOrigin } = await startInstances(instanceCount, { ...database.serverEnv, SEED_SCALE: String(options.scale) }, cleanups, log);

  log(`Signing in ${users.length + 1} users through ${publicOrigin}`);
  const [checker, ...signedIn] = await signInUsers(publicOrigin, [CHECKER, ...users], password);
  log("Browsing a plan for each kind of user");
  const { plans, reservedResend } = await browsePlans(signedIn, publicOrigin);

  const recorder = new Recorder();
  const random = new Random(`load/${kind}`);
  const settings = { publicHost: new URL(publicOrigin).host, origin: publicOrigin };
  const connections = signedIn.map(
    ({ user, sessionCookie }, index) =>
      new UserConnection(
        sessionCookie,
        flowsFor(user.profile),
        plans.get(user.profile.id) as UserPlan,
        new Random(`load/${kind}/user/${index}`),
        recorder,
        settings,
      ),
  );

  const health = await startHealthMonitor(instances, cleanups);
  const machineBefore = { loadAverage: loadAverage(), cpuPressure: cpuPressure() };
  const cpuBefore = instances.map((instance) => processCpuMs(instance.pid));
  log(`Load: ${connections.length} users on ${instances.length} instance(s) for ${options.durationSeconds} s; /api/health polled by a process of its own`);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let outcome: LoadOutcome;
  try {
    outcome = await runAutocannon(
      instances,
      connections,
      options,
      random,
      () => checkSafely(() => checkAcrossInstances(checker.browser, instances, reservedResend, publicOrigin)),
      log,
    );
  } finally {
    delay.disable();
  }
  const seconds = outcome.result.duration;
  const cpuSeconds = instances.map((instance, index) => (processCpuMs(instance.pid) - cpuBefore[index]) / 1000);
  const healthResults = await health.stop();

  const kinds: KindResult[] = recorder.kinds().map((samples) => ({
    kind: samples.kind,
    label: REQUEST_KINDS[samples.kind].label,
    redirect: samples.redirect,
    budget: REQUEST_KINDS[samples.kind].budget,
    spread: spreadOf(samples.durationsMs),
    statuses: samples.statuses,
    unexpected: samples.unexpected,
  }));
  const pageDurations = recorder
    .kinds()
    .filter((samples) => REQUEST_KINDS[samples.kind].budget === "page")
    .flatMap((samples) => samples.durationsMs);
  const answered = kinds.reduce((sum, kindResult) => sum + kindResult.spread.count, 0);
  const profiles: Record<string, number> = {};
  for (const user of users) profiles[user.profile.label] = (profiles[user.profile.label] ?? 0) + 1;

  return {
    database: { kind, version: database.version, scanRequests: database.scanRequests, seedSeconds: database.seedSeconds, instances: instances.length },
    load: {
      connections: connections.length,
      durationSeconds: options.durationSeconds,
      thinkMs: options.thinkMs,
      timeoutSeconds: options.timeoutSeconds,
      users: profiles,
    },
    totals: { requests: answered, perSecond: answered / options.durationSeconds, seconds },
    kinds,
    pages: spreadOf(pageDurations),
    health: healthResults.map((poll) => ({ instance: poll.instance, spread: spreadOf(poll.durationsMs), failures: poll.failures, example: poll.example })),
    checks: outcome.checks,
    problems: recorder.problemList(),
    connectionErrors: { errors: outcome.result.errors, timeouts: outcome.result.timeouts },
    serverLogs: serverLogs(instances),
    serverCpu: {
      byInstance: instances.map((instance, index) => ({ instance: instance.name, seconds: cpuSeconds[index] })),
      perAnswerMs: answered === 0 ? Number.NaN : (cpuSeconds.reduce((sum, value) => sum + value, 0) * 1000) / answered,
    },
    driverDelayP99Ms: delay.percentile(99) / 1e6,
    machine: {
      cores: os.cpus().length,
      node: process.version,
      loadAverageBefore: machineBefore.loadAverage,
      loadAverageAfter: loadAverage(),
      cpuPressureBefore: machineBefore.cpuPressure,
      cpuPressureAfter: cpuPressure(),
    },
    routesLeftOut: Object.keys(LEFT_OUT).length,
  };
}
