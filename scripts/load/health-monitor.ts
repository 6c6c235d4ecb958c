/**
 * The /api/health monitor of a load run, as a process of its own (like a real monitor): the load
 * driver's event loop is busy with 50 connections, and a poll timed there would carry its delays.
 * Usage: health-monitor.ts NAME=URL... ; writes "polling" once it polls, polls until its stdin
 * ends, then writes the results as one line of JSON and exits.
 */
import { pollHealth, type HealthTarget } from "./health-poller";

const targets: HealthTarget[] = process.argv.slice(2).map((arg) => {
  const separator = arg.indexOf("=");
  return { name: arg.slice(0, separator), url: arg.slice(separator + 1) };
});
const poller = pollHealth(targets);
process.stdout.write("polling\n");
process.stdin.resume();
process.stdin.on("end", () => {
  void poller.stop().then((results) => {
    process.stdout.write(`${JSON.stringify(results)}\n`);
    process.exit(0);
  });
});
