import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs (one line per event) at the configured level. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'brigade' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
  });
}
