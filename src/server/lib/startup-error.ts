/**
 * A start-up failure the operator can fix. The message is written for people (what is wrong, where, and
 * what to do), so the entry point prints it as-is, without a stack trace, and exits with status 1.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
