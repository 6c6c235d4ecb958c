/** A start-up failure the operator can fix from its message alone (no stack trace needed): a port in use, a missing build, a bad data directory. */
export class StartupError extends Error {}
