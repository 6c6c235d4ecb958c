/**
 * What a run has to undo (processes, data directories, databases), registered as soon as each
 * exists, so the end of the run, a failure or Ctrl-C undoes all of it, newest first.
 */
export class Cleanups {
  private readonly actions: Array<{ name: string; undo: () => Promise<void> | void }> = [];
  private running: Promise<void> | null = null;

  add(name: string, undo: () => Promise<void> | void): void {
    this.actions.push({ name, undo });
  }

  /** Runs every registered action once, newest first; a failing one is reported and the rest still run. */
  runAll(log: (message: string) => void): Promise<void> {
    this.running ??= (async () => {
      for (let action = this.actions.pop(); action; action = this.actions.pop()) {
        try {
          await action.undo();
        } catch (error) {
          log(`Could not ${action.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      this.running = null;
    })();
    return this.running;
  }
}
