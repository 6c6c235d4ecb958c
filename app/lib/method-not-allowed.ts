/** What the 405 page says under its status (a method the route does not answer, decision 0063). */
export function methodNotAllowedMessage(refused: { method: string; allow: string }): string {
  return `This address does not take ${refused.method} requests; it answers ${refused.allow}.`;
}
