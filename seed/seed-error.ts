/** A seed failure an operator can act on from its one-line message (start-up and `npm run seed` print it as it is). */
export class SeedError extends Error {}
