import type { Random } from "../random";
import type { VehicleMake, VehicleModel } from "../reference/vehicles";
import { DAY_MS } from "../timeline";

export interface Vehicle {
  vin: string;
  year: number;
  make: VehicleMake;
  model: VehicleModel;
  engine: string | null;
}

/** A vehicle in repair at a shop: its scans (pre-repair, calibrations, post-repair) share VIN and RO. */
export interface VehicleJob {
  vehicle: Vehicle;
  repairOrderNo: string | null;
  /** The job's first request: the master id of the ones that follow. */
  firstRequestId: number;
  openedMs: number;
  requestCount: number;
}

const MAX_OPEN_JOBS = 4;
const MAX_JOB_AGE_MS = 35 * DAY_MS;
const MAX_REQUESTS_PER_JOB = 4;

/** Open jobs per shop registration. Generation is sequential, so this state is deterministic. */
export class VehicleJobs {
  private readonly open = new Map<number, VehicleJob[]>();

  /** An open job to continue, or null when the request starts a new one. */
  continueJob(registrationId: number, nowMs: number, random: Random, probability: number): VehicleJob | null {
    const jobs = this.open.get(registrationId);
    if (!jobs) return null;
    for (let i = jobs.length - 1; i >= 0; i--) {
      if (nowMs - jobs[i].openedMs > MAX_JOB_AGE_MS || jobs[i].requestCount >= MAX_REQUESTS_PER_JOB) jobs.splice(i, 1);
    }
    if (jobs.length === 0 || !random.chance(probability)) return null;
    const job = random.pick(jobs);
    job.requestCount++;
    return job;
  }

  start(registrationId: number, job: VehicleJob): void {
    let jobs = this.open.get(registrationId);
    if (!jobs) {
      jobs = [];
      this.open.set(registrationId, jobs);
    }
    jobs.push(job);
    if (jobs.length > MAX_OPEN_JOBS) jobs.shift();
  }
}
