/** Keeps a bench child's platform up until the parent stops it (SIGTERM or SIGINT), then closes it and exits. */
export function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Runs a bench child's main; a failure goes to stderr (the parent shows it) with exit code 1. */
export function runChild(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
