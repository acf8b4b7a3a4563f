/** Bind parameters collected while compiling; `$n` placeholders refer to their positions. */
export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
