/** Options of `npm run bench`. */
export interface BenchArgs {
  build: boolean;
  /** Length of the load run's viewing phase, in seconds. */
  loadSeconds: number;
  /** Concurrent viewers (and invited users) of the load run. */
  viewers: number;
  /** Rewrite the last run's section of docs/benchmarks.md with this run's figures. */
  writeDocs: boolean;
  /** Skip parts: `first-visit`, `platform-visit`, `lighthouse`, `keys`, `load`, `login-flood`, `console`, `versions`, `recording`, `visit-console`, `export`, `partner-pdf`, `stall`, `follow`, `scale`. */
  skip: Set<string>;
}

export const USAGE = `usage: npm run bench -- [--no-build] [--write-docs] [--load-seconds N] [--viewers N] [--skip first-visit,platform-visit,lighthouse,keys,load,login-flood,console,versions,recording,visit-console,export,partner-pdf,stall,follow,scale]`;

/** Parses the command line; throws with the usage on anything unknown. */
export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { build: true, writeDocs: false, loadSeconds: 30, viewers: 200, skip: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const positive = (v: string): number => {
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number\n${USAGE}`);
      return n;
    };
    if (flag === '--no-build') args.build = false;
    else if (flag === '--write-docs') args.writeDocs = true;
    else if (flag === '--load-seconds') args.loadSeconds = positive(value());
    else if (flag === '--viewers') args.viewers = Math.round(positive(value()));
    else if (flag === '--skip') for (const part of value().split(',')) args.skip.add(part.trim());
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  return args;
}
