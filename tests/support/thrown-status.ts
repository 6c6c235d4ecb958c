/** The status of the Response a loader or action threw (the 404 page, a redirect), or 0 when it threw nothing. */
export async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  return 0;
}
