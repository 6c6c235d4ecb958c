/**
 * A script's options from its command line: `--help` prints the usage and exits 0; an argument
 * the parser refuses (its own error class) prints `<name>: <reason>` and the usage and exits 2;
 * any other error is thrown.
 */
export function readCommandOptions<Options>(command: {
  /** How the script names itself on stderr (`bench`, `load`). */
  name: string;
  usage: string;
  parse: (argv: readonly string[]) => Options;
  argumentError: new (message?: string) => Error;
}): Options {
  if (process.argv.includes("--help")) {
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  try {
    return command.parse(process.argv.slice(2));
  } catch (error) {
    if (error instanceof command.argumentError) {
      process.stderr.write(`${command.name}: ${error.message}\n${command.usage}\n`);
      process.exit(2);
    }
    throw error;
  }
}
